import { afterAll, describe, expect, it } from "vitest";
import type http from "node:http";
import { counter } from "./metrics.server";
import { portOf, serveOps } from "./ops-server.server";

// The worker's /healthz and /metrics (jobs/worker.ts with WORKER_METRICS_PORT): a real HTTP
// server on a free port, read with fetch as Prometheus would. tests/deployment/ scrapes a real
// worker's e-mail counter through it.
const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

async function start(opts: { embedded: boolean; token: string; stopping?: () => boolean }) {
  const server = await serveOps({ port: 0, host: "127.0.0.1", ...opts });
  servers.push(server);
  return `http://127.0.0.1:${portOf(server)}`;
}

describe("the worker's ops server", () => {
  it("serves /metrics to the bearer token only in a deployment, with this process's counters", async () => {
    const base = await start({ embedded: false, token: "worker-metrics-token-1" });
    const events = counter({ name: "tims_test_worker_events_total", help: "test", labelNames: ["kind"] });
    events.inc({ kind: "mail" }, 3);
    const ok = await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer worker-metrics-token-1" } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
    expect(await ok.text()).toMatch(/^tims_test_worker_events_total\{kind="mail"\} 3$/m);
    // Loopback is no pass in a deployment; a wrong token is told so; no token learns nothing.
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer worker-metrics-token-2" } })).status).toBe(401);
    expect((await fetch(`${base}/anything-else`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(405);
  });

  it("opens /metrics to the machine itself in the embedded mode", async () => {
    const base = await start({ embedded: true, token: "" });
    expect((await fetch(`${base}/metrics`)).status).toBe(200);
  });

  it("answers /healthz while running, 503 once the worker is stopping", async () => {
    let stopping = false;
    const base = await start({ embedded: false, token: "", stopping: () => stopping });
    const first = await fetch(`${base}/healthz`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: "ok" });
    stopping = true;
    const second = await fetch(`${base}/healthz`);
    expect(second.status).toBe(503);
    expect(await second.json()).toEqual({ status: "shutting down" });
  });
});
