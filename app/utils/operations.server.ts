import type { IncomingMessage, ServerResponse } from "node:http";
import { pinoHttp } from "pino-http";
import { config } from "@lib/config.server";
import { loggedPath, logger } from "@lib/observability/logger.server";
import { counter, histogram, metricsAccess, metricsText, routeLabel } from "@lib/observability/metrics.server";
import { requestIdFrom, withRequestId } from "@lib/observability/request-id.server";
import { readiness } from "./readiness.server";
import { installCollectors } from "./metrics-collectors.server";

/**
 * What the web server (scripts/serve.mjs) does outside Remix for operators
 * (docs/adr/0050-health-metrics-logs.md): the request id, the HTTP log line, the request metrics,
 * and /healthz, /readyz and /metrics, answered before Remix (no session, no page) so a load
 * balancer's probe costs nothing and works while the app's own pages cannot.
 */

installCollectors();

const httpRequests = counter({
  name: "tims_http_requests_total",
  help: "HTTP requests by method, route and status.",
  labelNames: ["method", "route", "status"],
});
const httpSeconds = histogram({
  name: "tims_http_request_duration_seconds",
  help: "HTTP request latency by method, route and status class.",
  labelNames: ["method", "route", "status"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

type Req = IncomingMessage & { id?: unknown; originalUrl?: string };

/** The path without its query: a query may carry a reset or verification token. */
const pathOf = (req: Req) => (req.originalUrl ?? req.url ?? "/").split("?")[0];

const httpLog = pinoHttp({
  logger: logger.child({ component: "http" }),
  genReqId: (req, res) => {
    const id = requestIdFrom(req.headers["x-request-id"] as string | undefined);
    res.setHeader("X-Request-Id", id);
    return id;
  },
  // Never a body, a cookie or an authorization header: method, path, status, time.
  serializers: {
    req: (req: { id: unknown; method: string; raw: Req }) => ({ id: req.id, method: req.method, path: loggedPath(pathOf(req.raw)) }),
    res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
  },
  customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
  // Probes every few seconds would drown the log.
  autoLogging: { ignore: (req) => ["/healthz", "/readyz", "/metrics"].includes(pathOf(req as Req)) },
  quietReqLogger: true,
});

/** Express middleware, first in the chain: the id, the log line, and the rest of the request run under the id. */
export function observeRequests(req: Req, res: ServerResponse, next: () => void): void {
  httpLog(req, res);
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const labels = { method: req.method ?? "GET", route: routeLabel(pathOf(req), res.statusCode), status: String(res.statusCode) };
    httpRequests.inc(labels);
    httpSeconds.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
  });
  withRequestId(String(req.id), next);
}

export interface OpsAnswer {
  status: number;
  contentType: string;
  body: string;
}

const json = (status: number, value: unknown): OpsAnswer => ({ status, contentType: "application/json; charset=utf-8", body: JSON.stringify(value) });

/** /healthz, /readyz or /metrics; null for any other path (Remix's). */
export async function opsEndpoint(req: {
  method: string;
  path: string;
  peerAddress: string | null | undefined;
  authorization: string | null | undefined;
}): Promise<OpsAnswer | null> {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (req.path === "/healthz") return json(200, { status: "ok" });
  if (req.path === "/readyz") {
    const ready = await readiness.check();
    return json(ready.status === "ready" ? 200 : 503, ready);
  }
  if (req.path === "/metrics") {
    const allowed = metricsAccess({ embedded: config.embedded, token: config.metricsToken, peerAddress: req.peerAddress, authorization: req.authorization });
    if (allowed === 401) return { status: 401, contentType: "text/plain", body: "Unauthorized" };
    if (allowed === 404) return { status: 404, contentType: "text/plain", body: "Not Found" };
    const { contentType, body } = await metricsText();
    return { status: 200, contentType, body };
  }
  return null;
}
