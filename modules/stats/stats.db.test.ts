import { performance } from "node:perf_hooks";
import { beforeAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { addDays, kathmanduDate } from "@lib/dates";
import { sequelize } from "../../db/sequelize.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { issuedCards, makeCardGenerator } from "../../tests/factories/cards";
import { paidBill } from "../../tests/factories/payments";
import { makeRoute, person } from "../../tests/factories/registrations";
import { makeCheckpostAt, makeTrail, trailCards } from "../../tests/factories/checkins";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { applyCardAction } from "@modules/cards/index.server";
import { checkinsOf, scanCard } from "@modules/checkins/index.server";
import { METRICS, dailyStatsDrift, onTrailByRoute, rebuildDailyStats, statTotals, type Metric, type StatRow } from "./index.server";

// Issue 17: daily_stats is written in the transaction of each event it counts (cards issued,
// a bill, a check-in, not a refused card's scan), and a rebuild from the source tables gives the same rows.

const today = kathmanduDate();
const range = { from: today, to: addDays(today, 1) };
let generator: TestUser;

const ALL = ["routeId", "nationality", "agencyId", "dim"] as const;
const rowsOf = (metric: Metric) => statTotals(metric, range, ALL);
const forRoute = async (metric: Metric, routeId: number) => (await rowsOf(metric)).filter((r) => r.routeId === routeId);
const tally = async (metric: Metric, key: (r: StatRow) => string) => {
  const m = new Map<string, { count: number; amountPaisa: number }>();
  for (const r of await rowsOf(metric)) {
    const k = key(r);
    const seen = m.get(k) ?? { count: 0, amountPaisa: 0 };
    m.set(k, { count: seen.count + r.count, amountPaisa: seen.amountPaisa + r.amountPaisa });
  }
  return m;
};
const moved = async () => new Map([...(await tally("moved", (r) => r.dim!))].map(([k, v]) => [k, v.count]));

async function allRows(): Promise<string[]> {
  const rows = await sequelize.query<Record<string, unknown>>(
    "SELECT day, metric, routeId, nationality, agencyId, dim, count, amountPaisa FROM daily_stats WHERE day = ?",
    { replacements: [today], type: QueryTypes.SELECT },
  );
  return rows.map((r) => [r.day, r.metric, r.routeId, r.nationality, r.agencyId, r.dim, r.count, r.amountPaisa].map(String).join("|")).sort();
}

beforeAll(async () => {
  await prepareTestDatabase();
  generator = await makeCardGenerator();
});

describe("each event updates the aggregate in its transaction", () => {
  it("cards generated: issued by route, by nationality, by agency; the moves by status", async () => {
    const route = await makeRoute("Stats Issue");
    const agency = await makeUser({ userType: 2, organizationName: "Stats Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } as never);
    const [movedBefore, natBefore] = [await moved(), await tally("issued.nat", (r) => String(r.nationality))];
    await issuedCards(agency, generator, route.id, { trekkers: [person("A"), person("B", { nationality: 356 }), person("C")] });
    expect((await forRoute("issued.route", route.id)).map((r) => r.count)).toEqual([3]);
    expect((await rowsOf("issued.agcy")).filter((r) => r.agencyId === agency.id).map((r) => r.count)).toEqual([3]);
    const natAfter = await tally("issued.nat", (r) => String(r.nationality));
    expect((natAfter.get("276")?.count ?? 0) - (natBefore.get("276")?.count ?? 0)).toBe(2);
    expect((natAfter.get("356")?.count ?? 0) - (natBefore.get("356")?.count ?? 0)).toBe(1);
    const movedAfter = await moved();
    expect((movedAfter.get("Upcoming") ?? 0) - (movedBefore.get("Upcoming") ?? 0)).toBe(3);
  });

  it("a bill: revenue by method split over the trekkers' fees, summing to the bill; the cards it issues counted", async () => {
    const route = await makeRoute("Stats Bill");
    const before = await tally("revenue.nat", (r) => `${r.dim}/${r.nationality}`);
    const agencyBefore = await tally("revenue.agcy", (r) => String(r.agencyId));
    const bill = await paidBill(route.id, { count: 2 });
    expect(bill.amount).toBeGreaterThan(0);
    const after = await tally("revenue.nat", (r) => `${r.dim}/${r.nationality}`);
    expect([...after.keys()].filter((k) => after.get(k)!.amountPaisa !== (before.get(k)?.amountPaisa ?? 0))).toEqual(["1/276"]);
    expect(after.get("1/276")!.amountPaisa - (before.get("1/276")?.amountPaisa ?? 0)).toBe(bill.amount);
    expect(after.get("1/276")!.count - (before.get("1/276")?.count ?? 0)).toBe(2);
    // A free trekker's bill: no agency.
    expect((await tally("revenue.agcy", (r) => String(r.agencyId))).get("0")!.amountPaisa - (agencyBefore.get("0")?.amountPaisa ?? 0)).toBe(bill.amount);
    expect((await forRoute("issued.route", route.id)).map((r) => r.count)).toEqual([2]);
  });

  it("a check-in: counted by route and direction; a repeat is not, nor a refused card's scan; on the trail stays on it", async () => {
    const { route, points, checkpost } = await makeTrail(0);
    const endPost = await makeCheckpostAt(route.id, points[points.length - 1].id);
    const [card, cancelled] = await trailCards(route.id, { count: 2, entry: today, exit: addDays(today, 6) });
    await applyCardAction(await makeUser({ userType: 4 }), "cancel", cancelled.trekkerId, "Permit withdrawn");
    await scanCard(checkpost, { method: "qr", qr: card.qr }, { today });
    await scanCard(checkpost, { method: "qr", qr: card.qr }, { today });
    // Refused scans (ADR 0028): the cancelled card here, and the Active card at the route's end
    // a day past its exit date. Neither is a check-in, nor takes the trekker off the trail.
    expect((await scanCard(checkpost, { method: "qr", qr: cancelled.qr }, { today })).outcome).toBe("refused");
    expect((await scanCard(endPost, { method: "qr", qr: card.qr }, { today: addDays(today, 7) })).outcome).toBe("refused");
    expect(await checkinsOf(card.trekkerId)).toHaveLength(2);
    const rows = await forRoute("checkin.rt", route.id);
    expect(rows.map((r) => [r.dim, r.count])).toEqual([["in", 1]]);
    expect((await onTrailByRoute()).filter((r) => r.routeId === route.id)).toEqual([{ routeId: route.id, count: 1 }]);
  });
});

describe("rebuild", () => {
  it("recomputing the day from the source tables equals what the events added, and the plain scan agrees", async () => {
    const incremental = await allRows();
    expect(incremental.length).toBeGreaterThan(3);
    for (const metric of METRICS) {
      const by = ALL;
      const key = (r: StatRow) => by.map((d) => String(r[d])).join("|") + `=${r.count}/${r.amountPaisa}`;
      const agg = (await statTotals(metric, range, by)).map(key).sort();
      const scan = (await statTotals(metric, range, by, "scan")).map(key).sort();
      expect(scan, metric).toEqual(agg);
    }
    await sequelize.query("UPDATE daily_stats SET count = count + 5 WHERE day = ?", { replacements: [today] });
    expect(await allRows()).not.toEqual(incremental);
    const done = await rebuildDailyStats(today, today);
    expect(done.rows).toBe(incremental.length);
    expect(await allRows()).toEqual(incremental);
  });

  it("paced, rests after each day but the last as long as the day took, times the pace", async () => {
    const incremental = await allRows();
    const slow = 40; // each day made to take at least this long
    const between: number[] = [];
    let dayEnded = 0;
    const started = performance.now();
    const done = await rebuildDailyStats(addDays(today, -2), today, {
      pace: 1.5,
      afterDay: async () => {
        if (dayEnded) between.push(performance.now() - dayEnded);
        await new Promise((r) => setTimeout(r, slow));
        dayEnded = performance.now();
      },
    });
    const total = performance.now() - started;
    expect(done.rows).toBe(incremental.length);
    expect(await allRows()).toEqual(incremental);
    // two rests (none after the last day), each at least 1.5 × 40 ms
    expect(between.length).toBe(2);
    for (const gap of between) expect(gap).toBeGreaterThanOrEqual(slow * 1.5 - 2);
    expect(total).toBeGreaterThanOrEqual(3 * slow + 2 * slow * 1.5 - 5);
  });

  it("in lanes, rebuilds each day once, two at a time, to the same rows", async () => {
    const incremental = await allRows();
    await sequelize.query("UPDATE daily_stats SET count = count + 5 WHERE day = ?", { replacements: [today] });
    const days: string[] = [];
    let inFlight = 0;
    let most = 0;
    const done = await rebuildDailyStats(addDays(today, -4), today, {
      lanes: 2,
      afterDay: async (day) => {
        days.push(day);
        most = Math.max(most, ++inFlight);
        // The first day done waits (up to 5 s) for the other lane's: one lane alone never reaches 2.
        for (let waited = 0; inFlight < 2 && most < 2 && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
        inFlight--;
      },
    });
    expect([...days].sort()).toEqual([-4, -3, -2, -1, 0].map((d) => addDays(today, d)));
    expect(most).toBe(2);
    expect(done.rows).toBe(incremental.length);
    expect(await allRows()).toEqual(incremental);
  });
});

describe("drift from the rebuild (the ledger check's daily-stats-equal-rebuild)", () => {
  it("is none after the events, and names each key that differs, a key on one side only included", async () => {
    expect(await dailyStatsDrift()).toEqual({ count: 0, rows: [] });
    const [row] = await sequelize.query<{ id: number; metric: string; dim: string }>(
      "SELECT id, metric, dim FROM daily_stats WHERE metric = 'moved' AND day = ? ORDER BY id LIMIT 1",
      { replacements: [today], type: QueryTypes.SELECT },
    );
    await sequelize.query("UPDATE daily_stats SET count = count + 2 WHERE id = ?", { replacements: [row.id] });
    await sequelize.query(
      "INSERT INTO daily_stats (day, metric, routeId, nationality, agencyId, dim, count, amountPaisa) VALUES ('2020-01-01', 'revenue.mthd', 0, 0, 0, '1', 0, 5000)",
    );
    try {
      const drift = await dailyStatsDrift(10);
      expect(drift.count).toBe(2);
      expect(drift.rows).toEqual([
        { metric: "revenue.mthd", day: "2020-01-01", routeId: 0, nationality: 0, agencyId: 0, dim: "1", countDiff: 0, amountDiff: 5000 },
        { metric: "moved", day: today, routeId: 0, nationality: 0, agencyId: 0, dim: row.dim, countDiff: 2, amountDiff: 0 },
      ]);
    } finally {
      await sequelize.query("UPDATE daily_stats SET count = count - 2 WHERE id = ?", { replacements: [row.id] });
      await sequelize.query("DELETE FROM daily_stats WHERE day = '2020-01-01'");
    }
  });

  // issue 27: MariaDB only: SQLite has no per-table collation to differ from the connection's; the
  // "mariadb" project (TEST_DATABASE_URL, set in CI) runs it.
  it.runIf(process.env.TEST_DB_DIALECT === "mysql")(
    "works when the table's collation is not the connection's (a database created with another default)",
    async () => {
      const [{ collation }] = await sequelize.query<{ collation: string }>("SELECT COLLATION(dim) AS collation FROM daily_stats LIMIT 1", {
        type: QueryTypes.SELECT,
      });
      // Not a _bin collation: MariaDB lets a _bin one win over another of the same character set.
      const other = collation === "utf8mb4_general_ci" ? "utf8mb4_unicode_520_ci" : "utf8mb4_general_ci";
      await sequelize.query(`ALTER TABLE daily_stats CONVERT TO CHARACTER SET utf8mb4 COLLATE ${other}`);
      try {
        expect(await dailyStatsDrift()).toEqual({ count: 0, rows: [] });
      } finally {
        await sequelize.query(`ALTER TABLE daily_stats CONVERT TO CHARACTER SET utf8mb4 COLLATE ${collation}`);
      }
    },
  );
});

describe("a rebuild never holds what a scan or a payment waits on (issue 26, item 1)", () => {
  const within = <T>(ms: number, work: Promise<T>) =>
    Promise.race([work.then((value) => ({ value })), new Promise<"timed out">((resolve) => setTimeout(() => resolve("timed out"), ms))]);

  it("held between two days, a check-in and a payment of today complete at once, and the rebuild still equals the events", async () => {
    const { route, checkpost } = await makeTrail(0);
    const [card] = await trailCards(route.id, { count: 1, entry: today, exit: addDays(today, 6) });
    const payRoute = await makeRoute("Stats Rebuild Pay");
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    // Yesterday first, then today: held after yesterday, so today's rows (the ones a scan and a payment increment) are in neither state of a lock.
    const rebuild = rebuildDailyStats(addDays(today, -1), today, {
      afterDay: async (day) => {
        if (day !== today) {
          held();
          await released;
        }
      },
    });
    try {
      await holding;
      const started = Date.now();
      const scan = await within(5_000, scanCard(checkpost, { method: "qr", qr: card.qr }, { today }));
      expect(scan, "a check-in during the rebuild").not.toBe("timed out");
      const bill = await within(5_000, paidBill(payRoute.id, { count: 1 }));
      expect(bill, "a payment during the rebuild").not.toBe("timed out");
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      release();
    }
    await rebuild;
    expect((await forRoute("checkin.rt", route.id)).map((r) => [r.dim, r.count])).toEqual([["in", 1]]);
    expect((await forRoute("issued.route", payRoute.id)).map((r) => r.count)).toEqual([1]);
    expect(await dailyStatsDrift()).toEqual({ count: 0, rows: [] });
  });
});
