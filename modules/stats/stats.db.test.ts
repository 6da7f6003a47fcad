import { beforeAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { addDays, kathmanduDate } from "@lib/dates";
import { sequelize } from "../../db/sequelize.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { issuedCards, makeCardGenerator } from "../../tests/factories/cards";
import { paidBill } from "../../tests/factories/payments";
import { makeRoute, person } from "../../tests/factories/registrations";
import { makeTrail, trailCards } from "../../tests/factories/checkins";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { scanCard } from "@modules/checkins/index.server";
import { rebuildDailyStats, statTotals, type Metric, type StatRow } from "./index.server";

// Issue 17: daily_stats is written in the transaction of each event it counts (cards issued,
// a bill, a check-in), and a rebuild from the source tables gives the same rows.

const today = kathmanduDate();
const range = { from: today, to: addDays(today, 1) };
let generator: TestUser;

const forRoute = async (metric: Metric, routeId: number) => (await statTotals(metric, range, ["routeId", "nationality", "agencyId", "dim"])).filter((r) => r.routeId === routeId);
const moved = async () => new Map((await statTotals("moved", range, ["dim"])).map((r) => [r.dim, r.count]));

async function allRows(): Promise<string[]> {
  const rows = await sequelize.query<Record<string, unknown>>("SELECT day, metric, routeId, nationality, agencyId, dim, count, amountPaisa FROM daily_stats WHERE day = ?", { replacements: [today], type: QueryTypes.SELECT });
  return rows.map((r) => [r.day, r.metric, r.routeId, r.nationality, r.agencyId, r.dim, r.count, r.amountPaisa].map(String).join("|")).sort();
}

beforeAll(async () => {
  await prepareTestDatabase();
  generator = await makeCardGenerator();
});

describe("each event updates the aggregate in its transaction", () => {
  it("cards generated: issued by route, nationality and agency; the moves by status", async () => {
    const route = await makeRoute("Stats Issue");
    const agency = await makeUser({ userType: 2, organizationName: "Stats Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } as never);
    const before = await moved();
    await issuedCards(agency, generator, route.id, { trekkers: [person("A"), person("B", { nationality: 356 }), person("C")] });
    const rows = await forRoute("issued", route.id);
    expect(rows.map((r) => [r.nationality, r.agencyId, r.count]).sort()).toEqual([
      [276, agency.id, 2],
      [356, agency.id, 1],
    ]);
    const after = await moved();
    expect((after.get("Upcoming") ?? 0) - (before.get("Upcoming") ?? 0)).toBe(3);
  });

  it("a bill: revenue by method split over the trekkers' fees, summing to the bill; the cards it issues counted", async () => {
    const route = await makeRoute("Stats Bill");
    const bill = await paidBill(route.id, { count: 2 });
    const revenue = await forRoute("revenue", route.id);
    expect(revenue.reduce((s, r) => s + r.amountPaisa, 0)).toBe(bill.amount);
    expect(bill.amount).toBeGreaterThan(0);
    expect(revenue.every((r) => r.dim === "1" && r.agencyId === 0)).toBe(true);
    expect(revenue.reduce((s, r) => s + r.count, 0)).toBe(2);
    expect((await forRoute("issued", route.id)).reduce((s, r) => s + r.count, 0)).toBe(2);
  });

  it("a check-in: counted by route and direction; a repeat is not", async () => {
    const { route, checkpost } = await makeTrail(0);
    const [card] = await trailCards(route.id, { entry: today, exit: addDays(today, 6) });
    await scanCard(checkpost, { method: "qr", qr: card.qr }, { today });
    await scanCard(checkpost, { method: "qr", qr: card.qr }, { today });
    const rows = await forRoute("checkin", route.id);
    expect(rows.map((r) => [r.dim, r.count])).toEqual([["in", 1]]);
  });
});

describe("rebuild", () => {
  it("recomputing the day from the source tables equals what the events added, and the plain scan agrees", async () => {
    const incremental = await allRows();
    expect(incremental.length).toBeGreaterThan(3);
    for (const metric of ["issued", "moved", "revenue", "checkin"] as const) {
      const by = ["routeId", "nationality", "agencyId", "dim"] as const;
      const key = (r: StatRow) => by.map((d) => String(r[d])).join("|") + `=${r.count}/${r.amountPaisa}`;
      const agg = (await statTotals(metric, range, by)).map(key).sort();
      const scan = (await statTotals(metric, range, by, "scan")).map(key).sort();
      expect(scan, metric).toEqual(agg);
    }
    await sequelize.query("UPDATE daily_stats SET count = count + 5 WHERE day = ?", { replacements: [today] });
    expect(await allRows()).not.toEqual(incremental);
    const done = await rebuildDailyStats(today, today, sequelize);
    expect(done.rows).toBe(incremental.length);
    expect(await allRows()).toEqual(incremental);
  });
});
