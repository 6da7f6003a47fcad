import crypto from "node:crypto";
import { config } from "@lib/config.server";
import { gatewayBrowserOrigins } from "@modules/payments/index.server";

/**
 * The HTTP side of hardening (docs/adr/0009-http-security-headers.md): headers every response
 * carries, the Content-Security-Policy of pages, and the refusal of cross-origin writes.
 * scripts/serve.mjs applies `baselineHeaders` and `originVerdict` to every request before
 * Remix sees it (through the exports of entry.server.tsx); entry.server.tsx adds the page policy.
 */

/** A fresh nonce per page: 128 random bits. */
export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * Only what the pages use: our scripts (the inline ones Remix writes carry the nonce), styles
 * from our stylesheet plus style attributes (the printable card and the photo crop box set
 * them; no <style> element is allowed), images from us, data: (QR codes, card photos) and blob:
 * (the photo preview before upload), fetch/XHR to us, forms to us and the payment providers.
 */
export function contentSecurityPolicy(nonce: string, formOrigins: readonly string[] = gatewayBrowserOrigins()): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ["form-action 'self'", ...formOrigins].join(" "),
  ].join("; ");
}

/** Powerful features no page uses; the camera only on the checkpost's scanner (/scan…). */
const DENIED_FEATURES = ["accelerometer", "geolocation", "gyroscope", "magnetometer", "microphone", "payment", "usb"];

export function permissionsPolicy(pathname: string): string {
  const camera = pathname.startsWith("/scan") ? "camera=(self)" : "camera=()";
  return [camera, ...DENIED_FEATURES.map((f) => `${f}=()`)].join(", ");
}

/** Two years, the preload list's minimum; only a deployment (served over https) sends it. */
const HSTS = "max-age=63072000; includeSubDomains";

/** Headers every response carries, pages, files and data alike. */
export function baselineHeaders(pathname: string): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "same-origin"],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", permissionsPolicy(pathname)],
  ];
  if (config.mode === "deployment") headers.push(["Strict-Transport-Security", HSTS]);
  return headers;
}

/**
 * Where a provider's page posts the payer back across sites (the card gateway's signed result,
 * `/new-register/:regId/:paymentType/:actionType`): its signature, not its origin, authenticates it.
 */
export function crossSiteReturnPath(pathname: string): boolean {
  return /^\/new-register\/[^/]+\/[^/]+\/[^/]+(\.data)?$/.test(pathname);
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * "refuse" for a write whose Origin is not this host: the rule Remix applies itself (the Origin's
 * host against X-Forwarded-Host, else Host), answered with 403 where Remix would throw and the
 * visitor get a 500. An unreadable Origin ("null", garbage) counts as foreign. "provider-return":
 * a foreign write to a provider's return URL, which the server passes on without its Origin so
 * that Remix's check lets it through.
 */
export type OriginVerdict = "allow" | "refuse" | "provider-return";

export function originVerdict(method: string, pathname: string, headers: { get(name: string): string | null }): OriginVerdict {
  if (!WRITES.has(method.toUpperCase())) return "allow";
  const origin = headers.get("origin");
  if (origin === null) return "allow";
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  let originHost: string | null = null;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = null;
  }
  if (host && originHost === host) return "allow";
  return crossSiteReturnPath(pathname) ? "provider-return" : "refuse";
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a request is a browser loading a page (a top-level navigation), as opposed to a script's
 * fetch or another server's call. Browsers say so in Sec-Fetch-Mode; one too old to send it is
 * recognised by asking for HTML. Node's fetch (our own calls to the payment simulators) sends
 * Sec-Fetch-Mode "cors" and Accept "*\/*".
 */
export function isPageNavigation(headers: { get(name: string): string | null }): boolean {
  const mode = headers.get("sec-fetch-mode");
  if (mode) return mode === "navigate";
  return (headers.get("accept") ?? "").includes("text/html");
}

/**
 * The embedded mode's one address (`npm start` prints http://localhost:PORT): a page opened at
 * another loopback name of the same port (127.0.0.1 for localhost) is sent there, since the
 * session cookie, the pages' Content-Security-Policy ('self') and the payment simulators' return
 * links all belong to that address; at the other name a payment never came back. Page reads by a
 * browser only: a write is not redirected, nor is a server-to-server call (the payment adapters
 * ask the simulators' status APIs at 127.0.0.1, and a 302 there left paid attempts open forever);
 * never in a deployment (its health checks may well ask 127.0.0.1), nor for any other host (a
 * phone on the LAN keeps the address it used).
 */
export function loopbackRedirect(
  method: string,
  pathAndQuery: string,
  headers: { get(name: string): string | null },
  app: { embedded: boolean; appUrl: string } = config,
): string | null {
  const host = headers.get("host");
  if (!app.embedded || !host || (method !== "GET" && method !== "HEAD") || !isPageNavigation(headers)) return null;
  const target = new URL(app.appUrl);
  if (host === target.host || !LOOPBACK_NAMES.has(target.hostname)) return null;
  let asked: URL;
  try {
    asked = new URL(`http://${host}`);
  } catch {
    return null;
  }
  if (!LOOPBACK_NAMES.has(asked.hostname) || asked.port !== target.port) return null;
  return `${target.origin}${pathAndQuery.startsWith("/") ? pathAndQuery : "/"}`;
}
