import { ERP_CHALAN_PATH, type ErpResponse, type ErpResult, type ErpRow } from "./protocol";

/**
 * The ERP adapter (README.md "The ERP protocol"): JSON over HTTPS with a Bearer API key. One call
 * sends one batch and returns one result per row. What the network or the ERP does wrong is
 * handled here: a 429 waits for its Retry-After and tries again; a 5xx, a timeout or a broken
 * connection tries again after 0.5 s, 1 s, 2 s… (`maxTries` in all); what is left after that is an
 * ErpUnavailableError. A 4xx other than 429 (a wrong key, a batch too large) is not retried: it
 * will not get better by itself (ErpRequestError).
 */
export class ErpUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ErpUnavailableError";
  }
}

export class ErpRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ErpRequestError";
  }
}

export interface ErpClientOptions {
  url: string;
  apiKey: string;
  /** The HTTP call; tests hand in the simulator's handler so no socket is needed. */
  fetch?: (request: Request) => Promise<Response>;
  sleep?: (ms: number) => Promise<void>;
  /** Tries for a 5xx or a network failure, the first included. */
  maxTries?: number;
  /** 429 answers to wait out before giving up. */
  maxRateLimited?: number;
  baseDelayMs?: number;
  timeoutMs?: number;
  /** Longest wait a Retry-After may ask for. */
  maxRetryAfterMs?: number;
}

export interface ErpClient {
  send(rows: readonly ErpRow[]): Promise<ErpResult[]>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds or as an HTTP date; one second when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  if (!value) return 1000;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now);
}

function parseResults(body: unknown, rows: readonly ErpRow[]): ErpResult[] {
  const results = (body as Partial<ErpResponse> | null)?.results;
  if (!Array.isArray(results)) throw new ErpUnavailableError("The ERP answered without results");
  const byKey = new Map<string, ErpResult>();
  for (const r of results) {
    if (r && typeof r.key === "string" && (r.status === "accepted" || r.status === "rejected" || r.status === "duplicate")) byKey.set(r.key, r);
  }
  const missing = rows.filter((r) => !byKey.has(r.key));
  if (missing.length) throw new ErpUnavailableError(`The ERP answered no result for ${missing.length} of ${rows.length} rows`);
  return rows.map((r) => byKey.get(r.key)!);
}

export function erpClient(opts: ErpClientOptions): ErpClient {
  const call = opts.fetch ?? ((request: Request) => fetch(request));
  const sleep = opts.sleep ?? defaultSleep;
  const maxTries = opts.maxTries ?? 4;
  const maxRateLimited = opts.maxRateLimited ?? 30;
  const baseDelay = opts.baseDelayMs ?? 500;
  const maxRetryAfter = opts.maxRetryAfterMs ?? 60_000;
  const endpoint = `${opts.url.replace(/\/+$/, "")}${ERP_CHALAN_PATH}`;

  return {
    async send(rows) {
      const body = JSON.stringify({ rows });
      let failures = 0;
      let limited = 0;
      let last = "";
      for (;;) {
        let response: Response | null = null;
        try {
          response = await call(
            new Request(endpoint, {
              method: "POST",
              headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${opts.apiKey}` },
              body,
              signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
            }),
          );
        } catch (error) {
          last = `could not reach the ERP (${(error as Error).message || error})`;
        }
        if (response?.ok) {
          const json = await response.json().catch(() => null);
          return parseResults(json, rows);
        }
        if (response?.status === 429) {
          await response.body?.cancel().catch(() => {});
          if (++limited > maxRateLimited) throw new ErpUnavailableError("The ERP kept answering that too many requests were sent (429)");
          await sleep(Math.min(maxRetryAfter, retryAfterMs(response.headers.get("Retry-After"))));
          continue;
        }
        if (response && response.status < 500) {
          const text = (await response.text().catch(() => "")).slice(0, 200);
          throw new ErpRequestError(`The ERP refused the request (${response.status}${text ? `: ${text}` : ""})`, response.status);
        }
        if (response) {
          await response.body?.cancel().catch(() => {});
          last = `the ERP answered ${response.status}`;
        }
        if (++failures >= maxTries) throw new ErpUnavailableError(`The ERP is unavailable: ${last} after ${failures} tries`);
        await sleep(baseDelay * 2 ** (failures - 1));
      }
    },
  };
}
