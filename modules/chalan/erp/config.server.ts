import { runMode } from "@lib/config.server";

/**
 * Where the sales chalans go (issue 16 item 6): ERP_URL (the API's base; the app POSTs to
 * `<ERP_URL>/api/v1/sales-chalans`) and ERP_API_KEY (sent as a Bearer token). In the embedded
 * mode both default to the app's own ERP simulator (http://127.0.0.1:$PORT/sim/erp, a dev key),
 * so a fresh clone pushes end to end. A deployment without ERP_URL does not start the push: the
 * chalan page says "The ERP is not configured" (docs/decisions.md says why this does not stop
 * the start-up); one set without the other, or a URL that is not http(s), does stop it.
 */
export interface ErpConfig {
  configured: boolean;
  url: string;
  apiKey: string;
  /** One request's time limit. */
  timeoutMs: number;
  /** Requests per second the simulator takes before answering 429. */
  simRatePerSecond: number;
  /** The simulator answers 503 to every n-th request (0: never); fault injection for tests. */
  simFailEvery: number;
}

type Env = Record<string, string | undefined>;

export const DEV_ERP_API_KEY = "dev-erp-api-key-not-real";

const trimmed = (env: Env, name: string) => env[name]?.trim() ?? "";

function whole(env: Env, name: string, fallback: number): number {
  const raw = trimmed(env, name);
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

export function loadErpConfig(env: Env = process.env): ErpConfig {
  const embedded = runMode(env) === "embedded";
  let url = trimmed(env, "ERP_URL");
  let apiKey = trimmed(env, "ERP_API_KEY");
  if (embedded) {
    url ||= `http://127.0.0.1:${env.PORT || 3000}/sim/erp`;
    apiKey ||= DEV_ERP_API_KEY;
  }
  return {
    configured: Boolean(url && apiKey),
    url: url.replace(/\/+$/, ""),
    apiKey,
    timeoutMs: whole(env, "ERP_TIMEOUT_MS", 30_000),
    simRatePerSecond: whole(env, "ERP_SIM_RATE_PER_SECOND", 20),
    simFailEvery: whole(env, "ERP_SIM_FAIL_EVERY", 0),
  };
}

/** Start-up check (app/utils/startup.server.ts): a half-configured ERP stops a deployment at once. */
export function assertErpConfig(env: Env = process.env): void {
  const url = trimmed(env, "ERP_URL");
  const key = trimmed(env, "ERP_API_KEY");
  if (runMode(env) !== "embedded" && Boolean(url) !== Boolean(key))
    throw new Error("ERP_URL and ERP_API_KEY must be set together (or neither: the chalan push is then not offered)");
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`ERP_URL must be an http(s) URL, got "${url}"`);
    }
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error(`ERP_URL must be an http(s) URL, got "${url}"`);
  }
  loadErpConfig(env);
}

let cached: ErpConfig | null = null;
export function erpConfig(): ErpConfig {
  cached ??= loadErpConfig();
  return cached;
}
