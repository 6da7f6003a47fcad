/**
 * Payments through the whole HTTP path at concurrency 1 and 8 (issue 30, item 4): two web
 * instances behind a load balancer (nginx, bench/drive/balancer.ts) and a worker on MariaDB and
 * Redis (scripts/cluster.mjs, deployment mode), payers
 * without JavaScript (bench/drive/client.ts): the payment page, "Pay with …" across the five
 * gateways, the provider simulator's page and decision, our return URL (confirmation with the
 * provider and settlement) and the result page. Prints payments per second at each concurrency
 * and their ratio, p50/p95 per page kind, the load average, deadlocks and lock waits in the web
 * instances' logs, each process's CPU use, and the invoice numbers' and ledger's checks afterwards.
 * Figures, not a test.
 *
 * --profile has each process write a V8 CPU profile and prints what each spent its CPU on
 * (bench/drive/profile.ts), as bench/peak-hour.ts does.
 *
 *   npm run build && npx tsx bench/payments-http.ts [--payments 40] [--concurrency 1,8] [--ports 3600,3601] [--balancer-port 3602] [--warm-up 8] [--profile]
 */
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startCluster } from "../scripts/cluster.mjs";
import { ledgerCheck } from "./drive/ledger";
import { Client, whereTimeWent } from "./drive/client";
import { GATEWAYS, payOverHttp } from "./drive/payment";
import { cpuSampler } from "./drive/cpu";
import { startBalancer } from "./drive/balancer";
import { lockSampler } from "./drive/lock-waits";
import { arg, percentile } from "./support";
import { profileLines, profileOf } from "./drive/profile";

const PAYMENTS = Number(arg("payments", "40"));
const CONCURRENCY = arg("concurrency", "1,8").split(",").map(Number);
const WARM_UP = Number(arg("warm-up", "8"));
const PORTS = arg("ports", "3600,3601").split(",").map(Number);
// The payers and the providers' returns reach the instances through a load balancer (nginx), as in a deployment.
const BALANCER = `http://127.0.0.1:${arg("balancer-port", "3602")}`;

const PROFILE = process.argv.includes("--profile");
const profileDir = path.resolve("test-results", `payments-profiles-${Date.now().toString(36)}`);

// STATEMENT_TIMING: each answer's Server-Timing says where its time went (bench/drive/client.ts whereTimeWent).
const cluster = await startCluster({
  ports: PORTS,
  quiet: true,
  // A profile is written when the process exits: no drain, so the exit comes before the kill.
  env: { STATEMENT_TIMING: "1", APP_URL: BALANCER, ...(PROFILE ? { SHUTDOWN_DRAIN_SECONDS: "0" } : {}) },
  nodeFlags: PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
});
const balancer = await startBalancer(Number(new URL(BALANCER).port), cluster.urls);
for (const name of ["DATABASE_URL", "REDIS_URL", "QUEUE_PREFIX", "FILES_DIR", "OUTBOX_DIR", "DATA_DIR", "QR_SIGNING_PRIVATE_KEY", "SESSION_SECRET", "APP_URL"])
  process.env[name] = cluster.env[name];

try {
  // This process writes the payers' registrations as the wizard would (the modules, on the cluster's database).
  (await import("../app/composition.server")).composeApp();
  const { makeUser } = await import("../tests/factories/users");
  const { makeRoute, makeRegistration, trekkerNames } = await import("../tests/factories/registrations");
  const { checkInvoiceNumbers } = await import("../modules/payments/index.server");
  const { sequelize } = await import("../db/sequelize.server");
  const route = await makeRoute("Bench Pay");

  /** `count` signed-in payers, each with a priced three-trekker registration, alternating between the instances. */
  async function payers(count: number) {
    const made = [];
    for (let i = 0; i < count; i++) {
      const user = await makeUser({ userType: 1, fullName: `Bench Payer ${i}` });
      const { regId } = await makeRegistration(user, route.id, { trekkers: trekkerNames(3), priced: true });
      const client = new Client(balancer.url);
      await client.signIn(user.email, user.password);
      made.push({ client, regId });
    }
    return made;
  }

  // A few payments first, not counted: the first run otherwise pays for the processes' warm-up
  // (JIT, pools, Chromium's launch) and the ratio with it.
  const warm = await payers(WARM_UP);
  await Promise.all(warm.map((p, i) => payOverHttp(p.client, p.regId, GATEWAYS[i % GATEWAYS.length])));

  const rows: string[] = [];
  const rates: number[] = [];
  for (const concurrency of CONCURRENCY) {
    const set = await payers(PAYMENTS);
    let next = 0;
    let failed = 0;
    const load0 = os.loadavg()[0];
    const cpu = cpuSampler({
      "web-1": cluster.webs[0]?.child.pid,
      "web-2": cluster.webs[1]?.child.pid,
      worker: cluster.workers[0]?.child.pid,
      "bench (payers)": process.pid,
    });
    const locks = await lockSampler(cluster.databaseUrl, 100);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < set.length) {
          const i = next++;
          const end = await payOverHttp(set[i].client, set[i].regId, GATEWAYS[i % GATEWAYS.length]);
          if (!/success/.test(end.url) || end.status !== 200) {
            failed++;
            console.error(`payment ${i}: ended at ${end.url} (${end.status})`);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuUse = cpu.stop();
    const lockLines = await locks.stop();
    const rate = set.length / seconds;
    rates.push(rate);
    const hops = set.flatMap((p) => p.client.hops.filter((h) => h.kind !== "login"));
    const kinds = [...new Set(hops.map((h) => h.kind))];
    rows.push(
      `concurrency ${concurrency}: ${set.length} payments in ${seconds.toFixed(1)} s = ${rate.toFixed(2)}/s, ${failed} failed, load ${load0.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`,
    );
    rows.push(...lockLines.map((l) => `  database: ${l}`));
    rows.push(`  CPU (share of one core): ${cpuUse.map(([name, share]) => `${name} ${(share * 100).toFixed(0)}%`).join(", ")}`);
    for (const kind of kinds) {
      const mine = hops.filter((h) => h.kind === kind);
      const ms = mine.map((h) => h.ms);
      rows.push(
        `  ${kind.padEnd(36)} n=${String(ms.length).padStart(4)}  p50 ${percentile(ms, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(ms, 95).toFixed(0).padStart(5)} ms  ${whereTimeWent(mine)}`,
      );
    }
  }
  const logs = cluster.webs.map((w: { output: string }) => w.output).join("\n");
  const invoices = await checkInvoiceNumbers();
  await sequelize.close();
  const ledger = ledgerCheck(cluster.env);
  console.log(rows.join("\n"));
  // Each concurrency's mean over its runs (--concurrency 1,8,1,8 alternates them on one machine).
  const meanAt = (c: number) => {
    const at = rates.filter((_, i) => CONCURRENCY[i] === c);
    return at.reduce((a, b) => a + b, 0) / at.length;
  };
  const [low, high] = [CONCURRENCY[0], Math.max(...CONCURRENCY)];
  if (high !== low)
    console.log(
      `throughput at ${high} / at ${low} (means over their runs): ${meanAt(high).toFixed(2)} / ${meanAt(low).toFixed(2)} = ${(meanAt(high) / meanAt(low)).toFixed(2)}×`,
    );
  console.log(
    `deadlocks in the web logs: ${(logs.match(/Deadlock found/g) ?? []).length}; lock wait timeouts: ${(logs.match(/Lock wait timeout/g) ?? []).length}`,
  );
  console.log(
    `invoice numbers: ${invoices.unexplained.length} unexplained gaps, ${invoices.duplicates.length} duplicates${invoices.counterBehind ? ", counter behind" : ""}`,
  );
  console.log(`ledger check: ${ledger}`);
} finally {
  const pids: Record<string, number | undefined> = Object.fromEntries(
    [...cluster.webs, ...cluster.workers].map((p: { name: string; child: { pid?: number } }) => [p.name, p.child.pid]),
  );
  await balancer.stop();
  await cluster.stop();
  if (PROFILE) {
    console.log("\nWhat each process spent its CPU on (V8 profiles, self time):");
    for (const [name, pid] of Object.entries(pids)) {
      const file = profileOf(profileDir, pid);
      console.log(file ? profileLines(name, file).join("\n") : `${name}: no profile written`);
    }
  }
}
