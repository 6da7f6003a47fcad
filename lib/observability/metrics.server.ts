import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from "prom-client";

/**
 * The process's Prometheus registry (served at /metrics, docs/operations.md). Each metric is
 * declared by the code that owns its event, next to the one function the event goes through
 * (payments' confirmation, check-ins' record, the e-mail job, …); this file only keeps them in
 * one registry. Kept on globalThis so a `remix dev` rebuild reuses what was declared (prom-client
 * refuses a second metric of the same name). Label values must come from small fixed sets (a
 * route pattern, a gateway id, a status), never an id or a user's input.
 */
const holder = globalThis as typeof globalThis & { __timsMetrics?: Registry };
export const metricsRegistry: Registry =
  holder.__timsMetrics ??
  (() => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: "tims_process_" });
    return (holder.__timsMetrics = registry);
  })();

function existing<T>(name: string): T | undefined {
  return metricsRegistry.getSingleMetric(name) as T | undefined;
}

export function counter<L extends string>(opts: Omit<CounterConfiguration<L>, "registers">): Counter<L> {
  return existing<Counter<L>>(opts.name) ?? new Counter({ ...opts, registers: [metricsRegistry] });
}

export function gauge<L extends string>(opts: Omit<GaugeConfiguration<L>, "registers">): Gauge<L> {
  return existing<Gauge<L>>(opts.name) ?? new Gauge({ ...opts, registers: [metricsRegistry] });
}

export function histogram<L extends string>(opts: Omit<HistogramConfiguration<L>, "registers">): Histogram<L> {
  return existing<Histogram<L>>(opts.name) ?? new Histogram({ ...opts, registers: [metricsRegistry] });
}

/** The text Prometheus scrapes. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read /metrics: with a token configured (METRICS_TOKEN), whoever sends it as a bearer
 * token, from anywhere; in the embedded mode also the machine itself without one. Anyone else
 * learns nothing, not even that the page exists (404), except a wrong token, which is told so
 * (401) so an operator sees a mistyped token. A deployment without a token keeps it closed.
 */
export function metricsAccess(opts: {
  embedded: boolean;
  token: string;
  peerAddress: string | null | undefined;
  authorization: string | null | undefined;
}): 200 | 401 | 404 {
  const sent = /^Bearer\s+(\S+)$/i.exec(opts.authorization?.trim() ?? "")?.[1];
  if (opts.token && sent) return timingSafeEqualText(sent, opts.token) ? 200 : 401;
  if (opts.embedded && LOOPBACK.test(opts.peerAddress ?? "")) return 200;
  return 404;
}

function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * A request's path as a bounded label: ids, numbers, and token-like segments become ":id", so
 * `/trekkers/123/edit` and `/trekkers/456/edit` are one series. Paths that matched nothing (404)
 * are one label, "unmatched", whatever they were; a file name (static assets) is ":file".
 */
export function routeLabel(path: string, status: number): string {
  if (status === 404) return "unmatched";
  const segments = path
    .split("?")[0]
    .split("/")
    .filter(Boolean)
    .slice(0, 6)
    .map((s) => (s.includes(".") ? ":file" : /^\d+$/.test(s) || /^[0-9a-f-]{16,}$/i.test(s) || s.length > 24 || /\d{3,}/.test(s) ? ":id" : s.toLowerCase()));
  return `/${segments.join("/")}`;
}
