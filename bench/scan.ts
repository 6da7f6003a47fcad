/**
 * Scanning at a checkpost, on a database filled by bench/seed-scale.ts (~1,000,000 trekkers):
 * the QR signature check alone, then the whole server side of a scan (`scanCard`: the
 * checkpost's place, the signed QR, the card lookup, the rules, the insert, in one transaction)
 * over distinct valid cards, paced at 10 scans a second and unpaced, and one checkpost scanning a
 * queue of 30 trekkers in a row. Figures, not a test. It runs the app's migrations first (so the
 * `checkins` table exists) and deletes the check-ins it recorded when done.
 *
 *   npx tsx bench/scan.ts [--url mysql://root@127.0.0.1:3306/tims_scale] [--scans 300] [--rate 10] [--json]
 */
import { performance } from "node:perf_hooks";
import { arg } from "./support";

process.env.DATABASE_URL = arg("url", process.env.SCALE_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/tims_scale");
const SCANS = Number(arg("scans", "300"));
const RATE = Number(arg("rate", "10"));
const QUEUE = 30;
const JSON_OUT = process.argv.includes("--json");

const { QueryTypes } = await import("sequelize");
// A process entry: db/ and jobs/ get the modules' migrations, seeds and jobs from the composition root (ADR 0045).
(await import("../app/composition.server")).composeApp();
const { sequelize } = await import("../db/sequelize.server");
const { migrate } = await import("../db/migrate.server");
const { kathmanduDate } = await import("../lib/dates");
const { signQrPayload, verifyQrPayload } = await import("@modules/cards/index.server");
const { scanCard } = await import("@modules/checkins/index.server");

const select = <T extends object = Record<string, unknown>>(sql: string, replacements?: unknown[]) =>
  sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements });
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const migrated = await migrate();
if (!JSON_OUT && migrated.length) console.log(`Migrated: ${migrated.join(", ")}`);

const today = kathmanduDate();
// A checkpost account placed at a checkpoint of its route (the demo one, or the first such).
const [post] = await select<{ id: number }>(
  `SELECT u.id FROM users u JOIN trek_route_checkpoints c ON c.id = u.checkpointId AND c.routeId = u.routeId WHERE u.userType = 5 ORDER BY u.id LIMIT 1`,
);
if (!post) throw new Error("No checkpost user with a route and checkpoint in this database");
const viewer = { id: post.id };

// Cards that may pass today: Active, not deleted, today inside the trek's dates.
const need = 2 * SCANS + QUEUE + 20;
const cards = await select<{ trekkerId: number; registrationId: number }>(
  `SELECT t.id AS trekkerId, t.registrationId FROM trekkers t JOIN registrations r ON r.id = t.registrationId
   WHERE t.status = 'Active' AND t.deletedAt IS NULL AND t.cardNumber IS NOT NULL AND r.entryDate <= ? AND r.exitDate >= ?
   ORDER BY t.id LIMIT ${need}`,
  [today, today],
);
if (cards.length < need) throw new Error(`Only ${cards.length} valid cards today; need ${need} (lower --scans)`);
const qrs = cards.map((c) => signQrPayload(c));

/** Forget this checkpost's check-ins, so each run starts from the same table and no scan is a repeat. */
const cleanup = () => sequelize.query("DELETE FROM checkins WHERE recordedBy = ?", { replacements: [viewer.id] });
await cleanup();

// (a) The signature alone.
for (let i = 0; i < 200; i++) verifyQrPayload(qrs[i % qrs.length]);
const VERIFY_N = 2000;
let s = performance.now();
for (let i = 0; i < VERIFY_N; i++) if (!verifyQrPayload(qrs[i % qrs.length])) throw new Error("bad signature");
const verifyUs = ((performance.now() - s) * 1000) / VERIFY_N;

async function scanOne(qr: string): Promise<number> {
  const t = performance.now();
  const out = await scanCard(viewer, { method: "qr", qr }, { today });
  const ms = performance.now() - t;
  if (out.outcome !== "recorded") throw new Error(`scan ${out.outcome}: ${out.message}`);
  return ms;
}

// Warm-up (connections, prepared models, caches) on the spare cards.
let next = 2 * SCANS + QUEUE;
for (let i = 0; i < 20; i++) await scanOne(qrs[next++]);
next = 0;

async function run(n: number, paceMs: number): Promise<number[]> {
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    if (paceMs) {
      const due = start + i * paceMs;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
    times.push(await scanOne(qrs[next++]));
  }
  return times;
}

const paced = await run(SCANS, RATE > 0 ? 1000 / RATE : 0);
const unpaced = await run(SCANS, 0);
s = performance.now();
const queue = await run(QUEUE, 0);
const queueTotal = performance.now() - s;

// The plans of the scan's lookups, for the record.
const t0 = cards[0];
const explain = async (label: string, sql: string) => {
  const rows = await select<{ table: string; type: string; key: string | null; rows: number }>(`EXPLAIN ${sql}`);
  return { label, plan: rows.map((r) => `${r.table}:${r.type}/${r.key ?? "-"}/${r.rows}`).join(" ") };
};
const plans = [
  await explain("card by id", `SELECT * FROM trekkers WHERE id = ${t0.trekkerId}`),
  await explain(
    "repeat check",
    `SELECT * FROM checkins WHERE trekkerId = ${t0.trekkerId} AND direction = 'in' AND actionDate >= NOW() - INTERVAL 30 MINUTE AND checkpointId = 1 ORDER BY actionDate DESC LIMIT 1`,
  ),
  await explain("card by number", `SELECT id FROM trekkers WHERE cardNumber = 100005`),
];

await cleanup();
await sequelize.close();

const row = (label: string, xs: number[]) => ({ label, n: xs.length, median: pct(xs, 50), p99: pct(xs, 99), max: Math.max(...xs) });
const results = {
  verifyUs,
  rows: [row(`scanCard, paced ${RATE}/s`, paced), row("scanCard, unpaced", unpaced), row(`queue of ${QUEUE} in a row`, queue)],
  queueTotalMs: queueTotal,
  plans,
};
if (JSON_OUT) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log(`\nScanning at a checkpost (${process.env.DATABASE_URL?.replace(/\/\/[^@]*@/, "//")}), checkpost user ${viewer.id}, ${today}`);
  console.log(`  QR signature verify alone (Ed25519)   ${verifyUs.toFixed(1).padStart(7)} µs`);
  console.log(`\n  ${"run".padEnd(28)} ${"scans".padStart(5)} ${"median".padStart(8)} ${"p99".padStart(8)} ${"max".padStart(8)}   (ms)`);
  for (const r of results.rows)
    console.log(
      `  ${r.label.padEnd(28)} ${String(r.n).padStart(5)} ${r.median.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${r.max.toFixed(2).padStart(8)}`,
    );
  console.log(`  queue of ${QUEUE}: total ${queueTotal.toFixed(0)} ms, per-scan max ${Math.max(...queue).toFixed(2)} ms`);
  console.log(`\n  plans (table:type/key/rows)`);
  for (const p of plans) console.log(`    ${p.label.padEnd(16)} ${p.plan}`);
}
