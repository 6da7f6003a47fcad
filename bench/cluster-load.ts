/**
 * Requests per second and p99 of a signed-in page at 20 concurrent users, against one web
 * instance and against two (scripts/cluster.mjs: MariaDB, Redis, a worker), with a small own
 * client (keep-alive sockets, a fixed number of users each sending its next request when the
 * last one answered). Every user is the same signed-in board account on /dashboard, its landing
 * page, which reads the session and the dashboard counts from the database.
 *
 *   npx remix build && npx tsx bench/cluster-load.ts [--users 20] [--seconds 20] [--path /dashboard] [--json]
 */
import http from "node:http";
import { arg } from "./support";
import { performance } from "node:perf_hooks";
import { startCluster } from "../scripts/cluster.mjs";

const USERS = Number(arg("users", "20"));
const SECONDS = Number(arg("seconds", "20"));
const PATH = arg("path", "/dashboard");

/** Signs in as the demo board account through the login form; returns the session cookie. */
async function signIn(base: string): Promise<string> {
  const answer = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", email: "ntb@tims.test", password: "Trek@2026", redirectTo: "" }),
    headers: { Origin: base },
    redirect: "manual",
  });
  const cookies = answer.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (answer.status !== 302 || !cookies.length) throw new Error(`sign-in answered ${answer.status}`);
  return cookies.join("; ");
}

function get(agent: http.Agent, base: string, cookie: string): Promise<number> {
  const url = new URL(PATH, base);
  return new Promise((resolve, reject) => {
    const req = http.get({ agent, hostname: url.hostname, port: url.port, path: url.pathname, headers: { cookie } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
}

interface Figures {
  instances: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** What the errors were: a status other than 200, or the socket error's code. */
  errorKinds: Record<string, number>;
}

async function load(bases: string[], cookie: string, seconds: number): Promise<Figures> {
  const agents = bases.map(() => new http.Agent({ keepAlive: true, maxSockets: USERS }));
  const latencies: number[] = [];
  let errors = 0;
  const errorKinds: Record<string, number> = {};
  const fail = (kind: string) => {
    errors++;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };
  const end = performance.now() + seconds * 1000;
  let next = 0;
  const user = async () => {
    while (performance.now() < end) {
      // Round robin over the instances, as a load balancer would.
      const i = next++ % bases.length;
      const t0 = performance.now();
      try {
        const status = await get(agents[i], bases[i], cookie);
        if (status !== 200) fail(String(status));
      } catch (error) {
        fail((error as NodeJS.ErrnoException).code ?? String(error));
      }
      latencies.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: USERS }, user));
  const elapsed = (performance.now() - started) / 1000;
  agents.forEach((a) => a.destroy());
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { instances: bases.length, requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), errors, errorKinds };
}

const cluster = await startCluster({ quiet: true, ports: [3210, 3211] });
try {
  const cookie = await signIn(cluster.urls[0]);
  // Warm both instances (route modules, database pools) before measuring.
  await load(cluster.urls, cookie, 3);
  const one = await load([cluster.urls[0]], cookie, SECONDS);
  const two = await load(cluster.urls, cookie, SECONDS);
  const rows = [one, two];
  if (process.argv.includes("--json")) console.log(JSON.stringify(rows));
  else {
    console.log(`GET ${PATH}, signed in, ${USERS} concurrent users, ${SECONDS} s each, on ${(await import("node:os")).cpus().length} cores:`);
    for (const r of rows) {
      console.log(
        `  ${r.instances} instance(s): ${r.rps.toFixed(1)} req/s, p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, ${r.requests} requests, ${r.errors} errors${r.errors ? ` ${JSON.stringify(r.errorKinds)}` : ""}`,
      );
    }
  }
} finally {
  await cluster.stop();
}
