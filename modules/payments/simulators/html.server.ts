/** The simulators' non-React answers: provider error pages and the card's auto-posting result form. */

import { escapeHtml } from "@lib/html";
import { readForm, readText } from "@lib/multipart.server";

const STYLE =
  "body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:2rem}" +
  "main{max-width:28rem;margin:auto;background:#fff;border-radius:.5rem;padding:1.5rem;box-shadow:0 1px 3px #0002}" +
  "h1{font-size:1.25rem;margin:0 0 .75rem}button{background:#1d4ed8;color:#fff;border:0;border-radius:.375rem;padding:.5rem 1rem;font-size:.9rem}";

export function htmlPage(title: string, bodyHtml: string, status = 200, extraHead = ""): Response {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style>${extraHead}</head><body><main>${bodyHtml}</main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

/** What a provider shows when the merchant's request is refused (bad signature, missing field...). */
export function errorPage(provider: string, message: string, status = 400): Response {
  return htmlPage(`${provider} (simulator): error`, `<h1>${escapeHtml(provider)} (simulator)</h1><p role="alert">${escapeHtml(message)}</p>`, status);
}

/**
 * A page that POSTs `fields` to `action` by itself (a one-line script), with a Continue button for
 * browsers without JavaScript (only they show it, so nobody presses it while the page is leaving):
 * how a card gateway hands its signed result back to the merchant.
 */
export function autoPostPage(title: string, action: string, fields: Record<string, string>): Response {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return htmlPage(
    title,
    `<h1>${escapeHtml(title)}</h1><p>Returning to the merchant…</p><form id="result" method="post" action="${escapeHtml(action)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form><script>document.getElementById("result").submit()</script>`,
  );
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers } });
}

export function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

/** Form fields or JSON, whichever the caller sent, as strings. */
export async function readParams(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  if (request.method === "GET" || request.method === "HEAD") return Object.fromEntries(new URL(request.url).searchParams);
  if (type.includes("application/json")) {
    const text = await readText(request);
    try {
      const body: unknown = JSON.parse(text);
      if (!body || typeof body !== "object" || Array.isArray(body)) return {};
      return Object.fromEntries(
        Object.entries(body).map(([k, v]) => [k, v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v)]),
      );
    } catch {
      return {};
    }
  }
  const form = await readForm(request);
  return Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
}
