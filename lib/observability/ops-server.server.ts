import http from "node:http";
import type { AddressInfo } from "node:net";
import { metricsAccess, metricsText } from "./metrics.server";

/**
 * A small HTTP server for a process that has no web server of its own (the worker, jobs/worker.ts):
 * `/healthz` and `/metrics` on WORKER_METRICS_PORT, so the counters only the worker moves (e-mails
 * sent and failed, the ledger check's result, payments settled by reconciliation) reach
 * Prometheus. The same access rule as the web instances' /metrics (metricsAccess): the bearer
 * METRICS_TOKEN, or in the embedded mode the machine itself. Nothing else is served: 404.
 */
export function serveOps(opts: { port: number; host?: string; embedded: boolean; token: string; stopping?: () => boolean }): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const answer = (status: number, contentType: string, body: string) => {
      res.writeHead(status, { "Content-Type": contentType, "Cache-Control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : body);
    };
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD") return answer(405, "text/plain", "Method Not Allowed");
    if (path === "/healthz") {
      // A worker finishing its running jobs after SIGTERM is alive but on its way out.
      const stopping = opts.stopping?.() ?? false;
      return answer(stopping ? 503 : 200, "application/json; charset=utf-8", JSON.stringify({ status: stopping ? "shutting down" : "ok" }));
    }
    if (path === "/metrics") {
      const allowed = metricsAccess({
        embedded: opts.embedded,
        token: opts.token,
        peerAddress: req.socket.remoteAddress,
        authorization: req.headers.authorization,
      });
      if (allowed === 401) return answer(401, "text/plain", "Unauthorized");
      if (allowed === 404) return answer(404, "text/plain", "Not Found");
      metricsText().then(
        ({ contentType, body }) => answer(200, contentType, body),
        () => answer(500, "text/plain", "metrics failed"),
      );
      return;
    }
    answer(404, "text/plain", "Not Found");
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

/** The port a server listens on (tests start it on port 0). */
export const portOf = (server: http.Server) => (server.address() as AddressInfo).port;
