import { beforeAll, describe, expect, it, vi } from "vitest";
import { listRanges } from "@lib/list/list.server";
import { billListSource } from "@modules/payments/index.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { paidBill } from "../../tests/factories/payments";
import { makeRoute } from "../../tests/factories/registrations";
import { makeRoleUser, type TestUser } from "../../tests/factories/users";
import { dashboardData, rangeFromQuery, rangeOffer, seasonReport, type DashboardData, type DateRange } from "./index.server";

// Issue 28 item 5: the dashboard, the reports and the billing list filter by a Nepali fiscal year's
// Gregorian bounds. One sale on the last day of fiscal year 2081/82 (Ashadh 32 2082 BS =
// 2025-07-16, late evening) and one on the first of 2082/83 (Shrawan 1 = 2025-07-17, just after
// midnight, Nepal time): each counts in its own year only.

// A fixed "today", so the offered years do not move with the calendar: 2083/84 to date, 2082/83, 2081/82, 2080/81.
const TODAY = "2026-11-28";
const LAST_OF_8182 = { day: "2025-07-16", time: "23:30" };
const FIRST_OF_8283 = { day: "2025-07-17", time: "00:30" };

let routeId = 0;
let routeName = "";
let board: TestUser;
const sales: Record<string, { invoiceNumber: string; amount: number; count: number }> = {};
const before: Record<string, DashboardData> = {};

/** The dashboard's range as its fiscal-year link fills the URL (`to` the day after), read back as the loader reads it. */
function dashboardRange(label: string): DateRange {
  const choice = rangeOffer({ from: TODAY, to: TODAY }, TODAY).choices.find((c) => c.label === `Fiscal year ${label}`);
  if (!choice) throw new Error(`fiscal year ${label} not offered`);
  const { range, error } = rangeFromQuery(new URLSearchParams({ from: choice.from, to: choice.to }), TODAY);
  expect(error).toBeNull();
  return range;
}

/** The billing list's filters as its fiscal-year quick range fills them (both days included). */
function billingFilters(label: string) {
  const choice = listRanges({ from: "startDate", to: "endDate" }, {}, TODAY).choices.find((c) => c.label === `Fiscal year ${label}`);
  if (!choice) throw new Error(`fiscal year ${label} not offered`);
  return { startDate: choice.from, endDate: choice.to, route: routeId };
}

async function soldAt(at: { day: string; time: string }, count: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(`${at.day}T${at.time}:00+05:45`));
  try {
    return await paidBill(routeId, { count });
  } finally {
    vi.useRealTimers();
  }
}

beforeAll(async () => {
  await prepareTestDatabase();
  board = await makeRoleUser("ntb");
  ({ id: routeId, name: routeName } = await makeRoute("Fiscal Year Route"));
  for (const label of ["2081/82", "2082/83"]) before[label] = await dashboardData(dashboardRange(label));
  const last = await soldAt(LAST_OF_8182, 1);
  const first = await soldAt(FIRST_OF_8283, 2);
  sales["2081/82"] = { invoiceNumber: last.invoiceNumber, amount: last.amount, count: 1 };
  sales["2082/83"] = { invoiceNumber: first.invoiceNumber, amount: first.amount, count: 2 };
});

describe("a fiscal year chosen on the dashboard, the reports and billing", () => {
  it("gives its Gregorian bounds: Shrawan 1 up to the day after Ashadh's last", () => {
    expect(dashboardRange("2082/83")).toEqual({ from: "2025-07-17", to: "2026-07-17" });
    expect(dashboardRange("2081/82")).toEqual({ from: "2024-07-16", to: "2025-07-17" });
    expect(billingFilters("2082/83")).toMatchObject({ startDate: "2025-07-17", endDate: "2026-07-16" });
  });

  it.each(["2081/82", "2082/83"])("the dashboard counts the cards and revenue of %s in that year only", async (label) => {
    const after = await dashboardData(dashboardRange(label));
    expect(after.trekkers.registered - before[label].trekkers.registered).toBe(sales[label].count);
    expect(after.revenue.totalPaisa - before[label].revenue.totalPaisa).toBe(sales[label].amount);
    // The per-day chart runs from Shrawan 1 to the year's last day.
    expect(after.perDay[0].label).toBe(dashboardRange(label).from);
    expect(after.perDay.length).toBe(label === "2081/82" ? 366 : 365);
  });

  it.each(["2081/82", "2082/83"])("the route report of %s holds that year's trekkers of the route", async (label) => {
    const rows = (await seasonReport(dashboardRange(label))).find((t) => t.id === "route-month")!.rows.filter((r) => r[0] === routeName);
    expect(rows).toEqual([[routeName, "2025-07", sales[label].count]]);
  });

  it.each(["2081/82", "2082/83"])("the billing list of %s shows that year's bill of the route", async (label) => {
    const rows = await billListSource(board).page({ filters: billingFilters(label), sort: { key: "id", desc: true } }, { offset: 0, limit: 10 });
    expect(rows.map((r) => r.invoiceNumber)).toEqual([sales[label].invoiceNumber]);
  });
});
