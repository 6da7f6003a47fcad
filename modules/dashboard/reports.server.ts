import { REGIONS } from "@modules/lookups";
import { statTotals, type StatSource } from "@modules/stats/index.server";
import { chartView, english, type Say } from "./charts.server";
import type { ChartView } from "./chart-view";
import { namers } from "./overview.server";
import { rupees, type DateRange } from "./range";
import { groupLakh } from "@lib/numbers";

/**
 * Season reports (issue 17 item 4; board only) over a date range, from the per-day aggregates.
 * Every report is a table (what the CSV holds, one file per report) and a chart drawn on the
 * server; the PDF prints all of them (report-pdf.server.ts).
 */
export const REPORT_IDS = ["route-month", "nationality", "revenue", "agencies", "card-status"] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export type Cell = string | number;

export interface ReportTable {
  id: ReportId;
  title: string;
  /** CSV file name without .csv. */
  fileName: string;
  columns: string[];
  rows: Cell[][];
}

const regionName = (id: number) => REGIONS.find((r) => r.id === id)?.name ?? "Not split by trekker";
/** Rupees as a plain number for tables and CSV (two decimals), from paisa. */
export const rupeeNumber = (paisa: number) => (paisa / 100).toFixed(2);

export async function seasonReport(range: DateRange, source: StatSource = "aggregate"): Promise<ReportTable[]> {
  const [byRouteMonth, byNationality, revenue, issuedByAgency, revenueByAgency, moved, name] = await Promise.all([
    statTotals("issued.route", range, ["routeId", "month"], source),
    statTotals("issued.nat", range, ["nationality"], source),
    statTotals("revenue.nat", range, ["dim", "nationality"], source),
    statTotals("issued.agcy", range, ["agencyId"], source),
    statTotals("revenue.agcy", range, ["agencyId"], source),
    statTotals("moved", range, ["dim"], source),
    namers(),
  ]);

  const routeRows = byRouteMonth
    .map((r) => [name.route(r.routeId!), r.month!, r.count] as Cell[])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])));

  const nationalityRows = byNationality
    .map((r) => [name.country(r.nationality!), regionName(name.regionOf(r.nationality!)), r.count] as Cell[])
    .sort((a, b) => Number(b[2]) - Number(a[2]) || String(a[0]).localeCompare(String(b[0])));

  const revenueKey = new Map<string, { method: string; region: string; count: number; paisa: number }>();
  for (const r of revenue) {
    const method = name.method(r.dim!);
    const region = regionName(name.regionOf(r.nationality!));
    const key = `${method}\u0001${region}`;
    const seen = revenueKey.get(key) ?? { method, region, count: 0, paisa: 0 };
    seen.count += r.count;
    seen.paisa += r.amountPaisa;
    revenueKey.set(key, seen);
  }
  const revenueRows = [...revenueKey.values()]
    .sort((a, b) => b.paisa - a.paisa || a.method.localeCompare(b.method))
    .map((r) => [r.method, r.region, r.count, rupeeNumber(r.paisa)] as Cell[]);

  const agencies = new Map<number, { trekkers: number; paisa: number }>();
  for (const r of issuedByAgency) if (r.agencyId) agencies.set(r.agencyId, { trekkers: r.count, paisa: 0 });
  for (const r of revenueByAgency) if (r.agencyId) agencies.set(r.agencyId, { trekkers: agencies.get(r.agencyId)?.trekkers ?? 0, paisa: r.amountPaisa });
  const agencyName = await name.agencies([...agencies.keys()]);
  const agencyRows = [...agencies.entries()]
    .sort(([a, x], [b, y]) => y.trekkers - x.trekkers || y.paisa - x.paisa || a - b)
    .map(([id, v], i) => [i + 1, agencyName(id), v.trekkers, rupeeNumber(v.paisa)] as Cell[]);

  const statusRows = moved.map((r) => [r.dim!, r.count] as Cell[]).sort((a, b) => Number(b[1]) - Number(a[1]) || String(a[0]).localeCompare(String(b[0])));

  const suffix = `${range.from}_${range.to}`;
  return [
    {
      id: "route-month",
      title: "Trekkers by route and month",
      fileName: `TrekkersByRouteMonth_${suffix}`,
      columns: ["Route", "Month", "Trekkers"],
      rows: routeRows,
    },
    {
      id: "nationality",
      title: "Trekkers by nationality and region",
      fileName: `TrekkersByNationality_${suffix}`,
      columns: ["Nationality", "Region", "Trekkers"],
      rows: nationalityRows,
    },
    {
      id: "revenue",
      title: "Revenue by payment method and region",
      fileName: `RevenueByMethodRegion_${suffix}`,
      columns: ["Payment method", "Region", "Trekkers paid for", "Revenue (NRs.)"],
      rows: revenueRows,
    },
    {
      id: "agencies",
      title: "Agencies ranked by trekkers and revenue",
      fileName: `AgencyRanking_${suffix}`,
      columns: ["Rank", "Agency", "Trekkers", "Revenue (NRs.)"],
      rows: agencyRows,
    },
    {
      id: "card-status",
      title: "Cards by status (moves into each status)",
      fileName: `CardsByStatus_${suffix}`,
      columns: ["Status", "Card moves"],
      rows: statusRows,
    },
  ];
}

/**
 * The reports in the page's language (the page and the PDF; the CSV files stay English): titles,
 * column headers and the app's own words in cells (regions, card statuses, "Free trekkers and
 * board"); names, months and figures stay as they are.
 */
export function sayReports(tables: readonly ReportTable[], say: Say): ReportTable[] {
  return tables.map((t) => ({
    ...t,
    title: say(t.title),
    columns: t.columns.map((c) => say(c)),
    rows: t.rows.map((r) => r.map((cell) => (typeof cell === "string" && /\p{L}/u.test(cell) ? say(cell) : cell))),
  }));
}

/** A chart per report (the top rows where a report is long), in the language `say` speaks (the tables already said in it). */
export async function reportCharts(tables: readonly ReportTable[], say: Say = english, devanagari = false): Promise<ChartView[]> {
  const count = (v: number) => groupLakh(v, { devanagari });
  const t = Object.fromEntries(tables.map((x) => [x.id, x])) as Record<ReportId, ReportTable>;
  const sumBy = (rows: Cell[][], key: (r: Cell[]) => string, value: (r: Cell[]) => number) => {
    const m = new Map<string, number>();
    for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + value(r));
    return [...m.entries()].map(([label, v]) => ({ label, value: v }));
  };
  const topRoutes = sumBy(
    t["route-month"].rows,
    (r) => String(r[0]),
    (r) => Number(r[2]),
  )
    .sort((a, b) => b.value - a.value)
    .slice(0, 8)
    .map((r) => r.label);
  const routeMonth = t["route-month"].rows
    .filter((r) => topRoutes.includes(String(r[0])))
    .map((r) => ({ label: String(r[1]), series: String(r[0]), value: Number(r[2]) }));
  const money = (v: number) => rupees(Math.round(v * 100));
  return Promise.all([
    chartView(
      "report-route-month",
      {
        title: t["route-month"].title,
        description: say("Trekkers per month on the {{count}} busiest routes, stacked by route.", { count: topRoutes.length }),
        data: routeMonth,
        kind: "column",
        labelTitle: say("Month"),
        valueTitle: say("Trekkers"),
      },
      count,
    ),
    chartView(
      "report-nationality",
      {
        title: say("Trekkers by region"),
        description: say("Trekkers by the region of their nationality."),
        data: sumBy(
          t.nationality.rows,
          (r) => String(r[1]),
          (r) => Number(r[2]),
        ),
        kind: "bar",
        labelTitle: say("Region"),
        valueTitle: say("Trekkers"),
      },
      count,
    ),
    chartView(
      "report-revenue",
      {
        title: t.revenue.title,
        description: say("Revenue in rupees by payment method, stacked by region."),
        data: t.revenue.rows.map((r) => ({ label: String(r[0]), series: String(r[1]), value: Number(r[3]) })),
        kind: "bar",
        labelTitle: say("Method"),
        valueTitle: say("NRs."),
      },
      money,
    ),
    chartView(
      "report-agencies",
      {
        title: say("Top 10 agencies by trekkers"),
        description: say("The ten agencies that registered the most trekkers in the range."),
        data: t.agencies.rows.slice(0, 10).map((r) => ({ label: String(r[1]), value: Number(r[2]) })),
        kind: "bar",
        labelTitle: say("Agency"),
        valueTitle: say("Trekkers"),
      },
      count,
    ),
    chartView(
      "report-card-status",
      {
        title: t["card-status"].title,
        description: say("How many cards moved into each status in the range."),
        data: t["card-status"].rows.map((r) => ({ label: String(r[0]), value: Number(r[1]) })),
        kind: "bar",
        labelTitle: say("Status"),
        valueTitle: say("Card moves"),
      },
      count,
    ),
  ]);
}
