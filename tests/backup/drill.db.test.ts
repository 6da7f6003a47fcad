import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import sqlite3 from "sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@lib/config.server";
import { makePng } from "@lib/files/test-images";
import { storeFile } from "@lib/files/storage.server";
import { scanCard } from "@modules/checkins/index.server";
import { cardNumbersOf } from "@modules/registration/index.server";
import { createBackup, hashTree, restoreBackup, restoredFacts, type DatabaseTarget, type Manifest } from "../../db/backup/archive.server";
import { dumpMariadb, loadMariadb, prepareMariadb } from "../../db/backup/mariadb.server";
import { snapshotSqlite } from "../../db/backup/sqlite.server";
import { prepareTestDatabase } from "../setup/test-db";
import { inDays } from "../factories/dates";
import { makeTrail } from "../factories/checkins";
import { pendingPayment, settlePayment } from "../factories/payments";
import { person, trek } from "../factories/registrations";
import { dropTargets, freshTarget, ledgerCheck, source } from "./helpers";

// The restore drill (issue 31, item 4), on SQLite and in CI on MariaDB: a database made by the
// shared factories, a writer paying and checking in through the modules' entries while the
// backup runs, the archive restored into a new empty database and files directory, then the
// ledger check (npm run ledger:check's code path) on the copy, and its row counts and files
// compared with the manifest. The second test shows the ledger check catches a backup that is not
// one snapshot: tables copied at two moments, a payment settled in between.

type Trail = Awaited<ReturnType<typeof makeTrail>>;
let trail: Trail;
const outDir = path.join(config.dataDir, "backups");

/** One payment of a one-trekker registration with a stored photo, settled, and its card scanned at the checkpost. */
async function payAndCheckIn(n: number) {
  const photoKey = await storeFile("trekker-photos", makePng(16 + (n % 8), 16), "png");
  const passport = `DRILL${n}X${Date.now().toString(36)}`.toUpperCase();
  const p = await pendingPayment(trail.route.id, {
    trek: trek(trail.route.id, inDays(0), inDays(6)),
    trekkers: [person(`Drill ${n}`, { passportNumber: passport })],
    photoKey,
  });
  if ((await settlePayment(p)) !== "issued") throw new Error("the drill's payment issued no cards");
  const [card] = await cardNumbersOf(p.regId);
  const scan = await scanCard(trail.checkpost, { method: "typed", cardNumber: card.cardNumber!, passport });
  if (scan.outcome !== "recorded") throw new Error(`the drill's check-in was ${scan.outcome}`);
}

/** Pays and checks in, one after the other, until stopped; `done` counts the finished rounds. */
function startWriter(first: number) {
  const state = { done: 0, stopped: false };
  const run = (async () => {
    while (!state.stopped) {
      await payAndCheckIn(first + state.done);
      state.done++;
    }
  })();
  return {
    state,
    stop: async () => {
      state.stopped = true;
      await run;
    },
    /** Resolves once `n` more rounds have finished (the writer is busy, not waiting). */
    until: async (n: number) => {
      const target = state.done + n;
      while (state.done < target) await Promise.race([run, new Promise((r) => setImmediate(r))]);
    },
  };
}

const paymentsOf = async (t: DatabaseTarget) => (await restoredFacts(t)).tables.payment_attempts;

/** The drill's checks on an archive: restore into a new empty target, ledger check, row counts and files against the manifest. */
async function restoreAndCheck(archive: string) {
  const t = freshTarget();
  const manifest: Manifest = await restoreBackup({ archive, database: t.database, filesDir: t.filesDir });
  const ledger = await ledgerCheck(t.database);
  const restored = await restoredFacts(t.database);
  const files = await hashTree(t.filesDir);
  const listed = Object.fromEntries(manifest.members.filter((m) => m.path.startsWith("files/")).map((m) => [m.path.slice("files/".length), m.sha256]));
  return { manifest, ledger, restored, files, listed };
}

beforeAll(async () => {
  await prepareTestDatabase();
  trail = await makeTrail(0);
  for (let i = 0; i < 3; i++) await payAndCheckIn(i);
});
afterAll(dropTargets);

describe("the restore drill", () => {
  it("backs up while payments and check-ins go on; the restored copy passes the ledger check and matches the manifest", async () => {
    const writer = startWriter(100);
    await writer.until(2);
    const before = await paymentsOf(source());
    const { file } = await createBackup({ database: source(), filesDir: config.filesDir, outDir });
    const duringBackup = writer.state.done;
    await writer.until(2);
    await writer.stop();
    const after = await paymentsOf(source());

    const { manifest, ledger, restored, files, listed } = await restoreAndCheck(file);
    expect(ledger.out).toMatch(/All \d+ invariants hold\./);
    expect(ledger.status).toBe(0);
    expect(restored.tables).toEqual(manifest.database.tables);
    expect(files).toEqual(listed);
    // The writer ran throughout: the copy holds a moment between the counts before and after,
    // and the writer went on after the backup (rows the copy must not have half of).
    expect(manifest.database.tables.payment_attempts).toBeGreaterThanOrEqual(before);
    expect(manifest.database.tables.payment_attempts).toBeLessThan(after);
    expect(writer.state.done).toBeGreaterThan(duringBackup);
    // Each round pays, then checks in: a snapshot may fall between the two of one round, never more.
    const { checkins, payment_attempts: payments } = manifest.database.tables;
    expect(checkins).toBeLessThanOrEqual(payments);
    expect(checkins).toBeGreaterThanOrEqual(payments - 1);
    expect(Object.keys(listed).length).toBeGreaterThanOrEqual(5);
  }, 240_000);

  it("fails on a backup that is not one snapshot: bills copied before a payment, the other tables after it", async () => {
    const torn = freshTarget();
    const work = path.join(config.dataDir, "torn");
    fs.mkdirSync(work, { recursive: true });
    const here = source();
    if (here.kind === "sqlite" && torn.database.kind === "sqlite") {
      // Two copies a payment apart; the torn one takes `bills` from the first (what a table-by-table copy without one snapshot does).
      const early = path.join(work, "early.sqlite");
      await snapshotSqlite(here.path, early);
      await payAndCheckIn(900);
      fs.mkdirSync(path.dirname(torn.database.path), { recursive: true });
      await snapshotSqlite(here.path, torn.database.path);
      const db = new sqlite3.Database(torn.database.path);
      const run = (sql: string) => new Promise<void>((resolve, reject) => db.run(sql, (e: Error | null) => (e ? reject(e) : resolve())));
      await run(`ATTACH DATABASE '${early.replace(/'/g, "''")}' AS early`);
      await run("DELETE FROM main.bills");
      await run("INSERT INTO main.bills SELECT * FROM early.bills");
      await run("DETACH DATABASE early");
      await new Promise<void>((resolve, reject) => db.close((e) => (e ? reject(e) : resolve())));
    } else if (here.kind === "mariadb" && torn.database.kind === "mariadb") {
      // What mariadb-dump without one transaction would make: `bills` read, a payment, then the rest.
      const early = path.join(work, "early.sql");
      const late = path.join(work, "late.sql");
      await dumpMariadb(here.url, early, work);
      await payAndCheckIn(900);
      await dumpMariadb(here.url, late, work);
      const lines = (file: string) => fs.readFileSync(file, "utf8");
      // Keep the late dump whole but put the early dump's bills rows in place of the late ones.
      const billsOf = (dump: string) => /INSERT INTO `bills` VALUES[^;]*;\n/.exec(dump)?.[0] ?? "";
      const mixed = lines(late).replace(billsOf(lines(late)), billsOf(lines(early)));
      expect(billsOf(lines(late))).not.toBe("");
      expect(mixed).not.toBe(lines(late));
      await prepareMariadb(torn.database.url, false);
      await loadMariadb(torn.database.url, Readable.from([Buffer.from(mixed)]), work);
    } else throw new Error("the source and the torn copy are of different kinds");

    // The copy holds every row it should (a restore's row counts would match); only the ledger check sees the tear.
    const ledger = await ledgerCheck(torn.database);
    expect(ledger.status).toBe(1);
    expect(ledger.out).toMatch(/payment-has-bill-and-cards/);
  }, 240_000);
});
