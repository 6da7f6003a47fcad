/**
 * Scans and payments while daily_stats is rebuilt (issue 26, item 1; docs/adr/0041-batched-maintenance.md),
 * on a database filled by bench/seed-scale.ts. Two phases, the same paced load in each: checkpost
 * scans (`scanCard`, distinct Active cards valid today) and payments (`settle` of a free trekker's
 * priced registration, as a gateway's confirmed answer does), first alone for --baseline seconds,
 * then while `scripts/rebuild-stats.ts` rebuilds every day with data in a separate process (as
 * the job runs on a worker). Prints p50/p99/max of each with and without the rebuild, and the
 * errors (any failed scan or payment, a lock wait timeout included). Figures, not a test.
 *
 *   npx tsx bench/rebuild-under-load.ts [--url mysql://root@127.0.0.1:3306/tims_scale] [--baseline 30]
 *     [--scan-rate 5] [--pay-rate 2] [--max-rebuild 600] [--verify]
 * --verify: afterwards, the ledger check's daily_stats invariant (no key differs from a rebuild).
 * It leaves its check-ins, registrations and bills in the database (their daily_stats rows are
 * counted like any other).
 */
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { arg, percentile as pct } from "./support";

const URL_ = arg("url", process.env.SCALE_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/tims_scale");
process.env.DATABASE_URL = URL_;
const BASELINE_S = Number(arg("baseline", "30"));
const SCAN_RATE = Number(arg("scan-rate", "5"));
const PAY_RATE = Number(arg("pay-rate", "2"));
const MAX_REBUILD_S = Number(arg("max-rebuild", "600"));
const VERIFY = process.argv.includes("--verify");

const { QueryTypes } = await import("sequelize");
// A process entry: db/ and jobs/ get the modules' migrations, seeds and jobs from the composition root (ADR 0045).
(await import("../app/composition.server")).composeApp();
const { sequelize } = await import("../db/sequelize.server");
const { migrate } = await import("../db/migrate.server");
const { kathmanduDate } = await import("../lib/dates");
const { signQrPayload } = await import("@modules/cards/index.server");
const { scanCard } = await import("@modules/checkins/index.server");
const { dailyStatsDrift } = await import("@modules/stats/index.server");
const { makeUser } = await import("../tests/factories/users");
const { pendingPayment, settlePayment } = await import("../tests/factories/payments");
const { closeQueue } = await import("../jobs/queue.server");

const select = <T extends object>(sql: string, replacements?: unknown[]) => sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (x: number) => `${x.toFixed(1)} ms`;

await migrate();
const today = kathmanduDate();
const [{ trekkers }] = await select<{ trekkers: number }>("SELECT COUNT(*) AS trekkers FROM trekkers");
const [post] = await select<{ id: number }>(
  "SELECT u.id FROM users u JOIN trek_route_checkpoints c ON c.id = u.checkpointId AND c.routeId = u.routeId WHERE u.userType = 5 ORDER BY u.id LIMIT 1",
);
if (!post) throw new Error("No checkpost user with a route and checkpoint in this database");
const [{ routeId }] = await select<{ routeId: number }>("SELECT id AS routeId FROM trek_routes ORDER BY id LIMIT 1");

// Enough for both phases at the given rates (the rebuild's length is not known beforehand: the cap).
const scansNeeded = Math.ceil(SCAN_RATE * (BASELINE_S + MAX_REBUILD_S));
const cards = await select<{ trekkerId: number; registrationId: number }>(
  `SELECT t.id AS trekkerId, t.registrationId FROM trekkers t JOIN registrations r ON r.id = t.registrationId
   WHERE t.status = 'Active' AND t.deletedAt IS NULL AND t.cardNumber IS NOT NULL AND r.entryDate <= ? AND r.exitDate >= ?
     AND NOT EXISTS (SELECT 1 FROM checkins c WHERE c.trekkerId = t.id)
   ORDER BY t.id DESC LIMIT ${scansNeeded}`,
  [today, today],
);
const qrs = cards.map((c) => signQrPayload(c));
console.log(`${Number(trekkers).toLocaleString("en")} trekkers; ${qrs.length} unscanned Active cards valid today for the scans`);

const paysNeeded = Math.ceil(PAY_RATE * (BASELINE_S + MAX_REBUILD_S));
console.log(`Preparing ${paysNeeded} priced registrations to pay…`);
const payer = await makeUser({ userType: 1, fullName: "Bench Payer" });
const payments: Awaited<ReturnType<typeof pendingPayment>>[] = [];
for (let i = 0; i < paysNeeded; i++) payments.push(await pendingPayment(routeId, { payer, count: 2 }));

interface Tally {
  times: number[];
  errors: string[];
}
const tally = (): Tally => ({ times: [], errors: [] });

/** One paced stream: `op` every 1000/rate ms (the next one right away when an op took longer), until `until()`. */
async function stream(rate: number, until: () => boolean, op: () => Promise<void>, out: Tally): Promise<void> {
  const interval = 1000 / rate;
  while (!until()) {
    const start = performance.now();
    try {
      await op();
      out.times.push(performance.now() - start);
    } catch (error) {
      out.times.push(performance.now() - start);
      out.errors.push(String((error as Error).message ?? error).slice(0, 160));
    }
    const left = interval - (performance.now() - start);
    if (left > 0) await sleep(left);
  }
}

let nextScan = 0;
let nextPay = 0;
const scanOp = async () => {
  const qr = qrs[nextScan++];
  if (!qr) throw new Error("out of cards to scan");
  // Cards of every route pass this one checkpost: each is recorded as the staff's decision on an off-route card would record it.
  const result = await scanCard({ id: post.id }, { method: "qr", qr, offRoute: "record" }, { today });
  if (result.outcome !== "recorded") throw new Error(`scan ${result.outcome}: ${result.message}`);
};
const payOp = async () => {
  const p = payments[nextPay++];
  if (!p) throw new Error("out of registrations to pay");
  const outcome = await settlePayment(p);
  if (outcome !== "issued") throw new Error(`payment ${outcome}`);
};

async function phase(until: () => boolean) {
  const scans = tally();
  const pays = tally();
  await Promise.all([stream(SCAN_RATE, until, scanOp, scans), stream(PAY_RATE, until, payOp, pays)]);
  return { scans, pays };
}

// Warm-up: connections, models, the checkpost's cached place.
for (let i = 0; i < 5; i++) await scanOp();
for (let i = 0; i < 3; i++) await payOp();

console.log(`Baseline: ${BASELINE_S} s of scans (${SCAN_RATE}/s) and payments (${PAY_RATE}/s)…`);
const baselineEnd = performance.now() + BASELINE_S * 1000;
const base = await phase(() => performance.now() >= baselineEnd);

console.log("During a full rebuild (scripts/rebuild-stats.ts in its own process)…");
const rebuildStart = performance.now();
let rebuildDone = false;
let rebuildOut = "";
const child = spawn(process.execPath, ["--import", "tsx", "scripts/rebuild-stats.ts"], {
  env: { ...process.env, DATABASE_URL: URL_ },
  stdio: ["ignore", "pipe", "inherit"],
});
child.stdout.on("data", (d) => (rebuildOut += d));
const exited = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
const rebuildCode = exited.then((code) => {
  rebuildDone = true;
  return code;
});
const capEnd = rebuildStart + MAX_REBUILD_S * 1000;
const during = await phase(() => rebuildDone || performance.now() >= capEnd);
if (!rebuildDone) child.kill();
const code = await rebuildCode;
const rebuildS = (performance.now() - rebuildStart) / 1000;
console.log(rebuildOut.trim());

const row = (name: string, t: Tally) =>
  `| ${name} | ${t.times.length} | ${ms(pct(t.times, 50))} | ${ms(pct(t.times, 99))} | ${ms(Math.max(0, ...t.times))} | ${t.errors.length} |`;
console.log(
  `\nRebuild: ${rebuildS.toFixed(1)} s, exit ${code}${rebuildDone ? "" : " (stopped at the cap)"}; load average at the end ${(await import("node:os"))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
console.log("\n| | n | p50 | p99 | max | errors |\n|---|---|---|---|---|---|");
console.log(row("scans, no rebuild", base.scans));
console.log(row("scans, during the rebuild", during.scans));
console.log(row("payments, no rebuild", base.pays));
console.log(row("payments, during the rebuild", during.pays));
const ratio = (a: Tally, b: Tally) => (pct(b.times, 99) / Math.max(0.001, pct(a.times, 99))).toFixed(2);
console.log(`\np99 during ÷ without: scans ${ratio(base.scans, during.scans)}, payments ${ratio(base.pays, during.pays)} (goal ≤ 2)`);
for (const e of [...new Set([...base.scans.errors, ...base.pays.errors, ...during.scans.errors, ...during.pays.errors])].slice(0, 5))
  console.log(`error: ${e}`);

if (VERIFY) {
  const started = performance.now();
  const drift = await dailyStatsDrift(5);
  console.log(
    `daily_stats equals its rebuild: ${drift.count === 0 ? "yes" : `no, ${drift.count} keys differ`} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
await closeQueue().catch(() => {});
await sequelize.close();
