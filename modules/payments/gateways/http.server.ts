import type { PaymentConfig } from "./config.server";

/** The fetch the adapters use; injected in tests (a simulator dispatcher or a stub). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** What an adapter factory takes: tests inject a fetch (e.g. the simulator dispatcher) and a config. */
export interface GatewayDeps {
  fetch?: FetchLike;
  config?: PaymentConfig;
  /** The clock, for dates in signed fields. */
  now?: () => Date;
}

export interface HttpAnswer {
  status: number;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: unknown;
  text: string;
}

/** One server-to-server call with a timeout; network errors and timeouts reject. */
export async function httpCall(fetchFn: FetchLike, url: string, init: RequestInit, timeoutMs: number): Promise<HttpAnswer> {
  const response = await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (FonePay answers XML, outages answer HTML): keep the text.
  }
  return { status: response.status, body, text };
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function str(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
