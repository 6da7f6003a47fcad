import type { FetchLike } from "../gateways/http.server";
import type { ReturnAction, StartResult } from "../gateways/types";
import { simulatorFetch } from "./dispatch.server";
import { qrPayPath } from "./fonepay.server";
import type { SimDecision } from "./types";

/**
 * Plays the browser through a simulated provider without a browser, for Vitest: follows the
 * adapter's start result to the simulator's page, presses a decision button, and returns what the
 * provider sent back to our result URL, ready for `confirm`. Uses the in-process simulator fetch
 * unless given another (e.g. a real server's).
 */
export interface SimulatedReturn {
  /** Our result URL the provider came back to ("" for a QR payment: the payer is on the phone). */
  url: string;
  /** Its :actionType segment, when it has one. */
  actionType: ReturnAction | null;
  query: URLSearchParams;
  /** The POSTed result (card). */
  body?: URLSearchParams;
  /** The simulator page that was shown: /sim/<provider>/session/<id>. */
  sessionPath: string;
}

const BASE = "http://127.0.0.1";

async function expectRedirect(response: Response, what: string): Promise<string> {
  const location = response.headers.get("location");
  if (response.status < 300 || response.status > 399 || !location) {
    const text = (await response.text())
      .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    throw new Error(`${what}: ${response.status} ${unescapeHtml(text.trim()).slice(0, 300)}`);
  }
  return location;
}

/** The page the browser lands on at the provider. */
export async function openSimulator(start: StartResult, fetchFn: FetchLike = simulatorFetch()): Promise<string> {
  if (start.kind === "qr") return qrPayPath(start.prn, "/sim");
  if (start.kind === "redirect") {
    const url = new URL(start.url, BASE);
    if (/\/session\/[^/]+$/.test(url.pathname)) return url.pathname;
    return new URL(await expectRedirect(await fetchFn(url.toString(), { method: "GET", redirect: "manual" }), "provider refused the request"), BASE).pathname;
  }
  const url = new URL(start.action, BASE);
  const fields = new URLSearchParams(start.fields);
  const response =
    start.method === "GET"
      ? await fetchFn(`${url.toString()}${url.search ? "&" : "?"}${fields}`, { method: "GET", redirect: "manual" })
      : await fetchFn(url.toString(), { method: "POST", body: fields, headers: { "Content-Type": "application/x-www-form-urlencoded" }, redirect: "manual" });
  return new URL(await expectRedirect(response, "provider refused the form"), BASE).pathname;
}

function parseReturn(url: string, sessionPath: string, body?: URLSearchParams): SimulatedReturn {
  const parsed = new URL(url, BASE);
  const last = parsed.pathname.split("/").pop() ?? "";
  const actionType = (["success", "failure", "decline"] as const).find((a) => a === last) ?? null;
  return { url, actionType, query: parsed.searchParams, body, sessionPath };
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Presses `decision` on a simulator page and returns where the provider sends the browser. */
export async function decideOnSimulator(
  sessionPath: string,
  decision: SimDecision,
  options: { pendingLookups?: number; fetch?: FetchLike } = {},
): Promise<SimulatedReturn> {
  const fetchFn = options.fetch ?? simulatorFetch();
  const match = /^(.*)\/([a-z-]+)\/session\/([^/]+)$/.exec(sessionPath);
  if (!match) throw new Error(`not a simulator page: ${sessionPath}`);
  const form = new URLSearchParams({ decision });
  if (options.pendingLookups !== undefined) form.set("pendingLookups", String(options.pendingLookups));
  const response = await fetchFn(new URL(`${match[1]}/${match[2]}/decide/${match[3]}`, BASE).toString(), {
    method: "POST",
    body: form,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  if (response.status === 200) {
    // The card gateway's auto-posting result page, or (abandon) a page that sends nothing back.
    const html = await response.text();
    const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
    if (!action && decision === "abandon") return { url: "", actionType: null, query: new URLSearchParams(), sessionPath };
    if (!action) throw new Error(`no result form: ${html.slice(0, 300)}`);
    const body = new URLSearchParams();
    for (const input of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) body.append(unescapeHtml(input[1]), unescapeHtml(input[2]));
    return parseReturn(unescapeHtml(action), sessionPath, body);
  }
  const location = await expectRedirect(response, `decision ${decision} refused`);
  if (location.includes("/session/")) return { url: "", actionType: null, query: new URLSearchParams(), sessionPath };
  return parseReturn(location, sessionPath);
}

/** start result -> simulator page -> decision -> the provider's return. */
export async function runSimulatedPayment(
  start: StartResult,
  decision: SimDecision,
  options: { pendingLookups?: number; fetch?: FetchLike } = {},
): Promise<SimulatedReturn> {
  const sessionPath = await openSimulator(start, options.fetch);
  return decideOnSimulator(sessionPath, decision, options);
}
