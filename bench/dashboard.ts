/**
 * The dashboard's and the season report's server time at scale (issue 17; ADR 0019): each read
 * from the per-day aggregates (daily_stats) and, side by side, from a plain scan of the source
 * tables (card_events, trekkers, registrations, bills, checkins: the same definitions grouped on
 * the fly), with the ratio. Run on a database filled by bench/seed-scale.ts; the app's migrations
 * run first (creating daily_stats), and the aggregate is rebuilt from the source tables when empty
 * or with --rebuild (its time is printed).
 *
 *   npx tsx bench/dashboard.ts [--url mysql://root@127.0.0.1:3306/tims_scale] [--runs 5] [--scan-runs 3] [--rebuild]
 */
import { performance } from "node:perf_hooks";
import { arg, timed } from "./support";

process.env.DATABASE_URL = arg("url", process.env.SCALE_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/tims_scale");
const RUNS = Number(arg("runs", "5"));
const SCAN_RUNS = Number(arg("scan-runs", "3"));

async function main() {
  const { QueryTypes } = await import("sequelize");
  // A process entry: db/ and jobs/ get the modules' migrations, seeds and jobs from the composition root (ADR 0045).
  (await import("../app/composition.server")).composeApp();
  const { sequelize } = await import("../db/sequelize.server");
  const { migrate } = await import("../db/migrate.server");
  const { addDays, kathmanduDate } = await import("../lib/dates");
  const { rebuildDailyStats, statTotals, onTrailByRoute, recentCards } = await import("../modules/stats/index.server");
  const { dashboardSummary } = await import("../modules/dashboard/index.server");
  const { dashboardData, dashboardPage, seasonReport, reportCharts } = await import("../modules/dashboard/index.server");

  await migrate();
  const select = <T extends object>(sql: string) => sequelize.query<T>(sql, { type: QueryTypes.SELECT });

  const [counts] = await select<Record<string, number>>(
    "SELECT (SELECT COUNT(*) FROM trekkers) AS trekkers, (SELECT COUNT(*) FROM card_events) AS cardEvents, (SELECT COUNT(*) FROM bills) AS bills, (SELECT COUNT(*) FROM checkins) AS checkins, (SELECT COUNT(*) FROM daily_stats) AS stats",
  );
  console.log(
    `Database ${new URL(process.env.DATABASE_URL!).pathname.slice(1)}: ${Object.entries(counts)
      .map(([k, v]) => `${k} ${Number(v).toLocaleString("en")}`)
      .join(", ")}`,
  );
  if (process.argv.includes("--rebuild") || Number(counts.stats) === 0) {
    const s = performance.now();
    const done = await rebuildDailyStats(null, null);
    console.log(`Rebuilt daily_stats ${done.from}..${done.to}: ${done.rows.toLocaleString("en")} rows in ${((performance.now() - s) / 1000).toFixed(1)} s`);
  }

  // The ranges end at the last day with card moves (the seed's data may end before today).
  const [{ last }] = await select<{ last: Date | string }>("SELECT MAX(createdAt) AS last FROM card_events");
  const end = addDays([kathmanduDate(new Date(last)), kathmanduDate()].sort()[0], 1);
  const week = { from: addDays(end, -7), to: end };
  const season = { from: addDays(end, -120), to: end };
  const [{ n: seasonRows }] = await select<{ n: number }>(`SELECT COUNT(*) AS n FROM daily_stats WHERE day >= '${season.from}' AND day < '${season.to}'`);
  const week0 = await dashboardData(week);
  const season0 = await dashboardData(season);
  console.log(
    `7 days ${week.from}..${week.to}: ${week0.trekkers.registered.toLocaleString("en")} cards issued; season ${season.from}..${season.to}: ${season0.trekkers.registered.toLocaleString("en")} cards issued, ${Number(seasonRows).toLocaleString("en")} aggregate rows`,
  );

  const cases: { label: string; goal: string; aggregate: () => Promise<unknown>; scan: (() => Promise<unknown>) | null }[] = [
    { label: "dashboard figures, 7 days", goal: "< 300 ms", aggregate: () => dashboardData(week), scan: () => dashboardData(week, "scan") },
    { label: "dashboard figures, season (120 days)", goal: "< 300 ms", aggregate: () => dashboardData(season), scan: () => dashboardData(season, "scan") },
    { label: "dashboard page (figures + 4 charts), 7 days", goal: "< 300 ms", aggregate: () => dashboardPage(week), scan: null },
    { label: "dashboard page (figures + 4 charts), season", goal: "< 300 ms", aggregate: () => dashboardPage(season), scan: null },
    { label: "season report (5 tables)", goal: "< 2 s", aggregate: () => seasonReport(season), scan: () => seasonReport(season, "scan") },
    { label: "season report page (tables + 5 charts)", goal: "< 2 s", aggregate: async () => reportCharts(await seasonReport(season)), scan: null },
  ];
  console.log("\n| case | goal | aggregate (median) | plain scan (median) | scan ÷ aggregate |\n|---|---|---|---|---|");
  for (const c of cases) {
    const a = await timed(c.aggregate, RUNS);
    const s = c.scan ? await timed(c.scan, SCAN_RUNS) : null;
    console.log(
      `| ${c.label} | ${c.goal} | ${a.toFixed(1)} ms | ${s === null ? "–" : `${s.toFixed(0)} ms`} | ${s === null ? "–" : `${(s / a).toFixed(1)}×`} |`,
    );
  }
  // Where the season dashboard's time goes (each part alone, median).
  const parts: [string, () => Promise<unknown>][] = [
    ["issued.route by day", () => statTotals("issued.route", season, ["day"])],
    ["issued.route by route", () => statTotals("issued.route", season, ["routeId"])],
    ["issued.agcy by agency", () => statTotals("issued.agcy", season, ["agencyId"])],
    ["issued.nat by nationality", () => statTotals("issued.nat", season, ["nationality"])],
    ["moved by status", () => statTotals("moved", season, ["dim"])],
    ["revenue.mthd by method", () => statTotals("revenue.mthd", season, ["dim"])],
    ["on the trail now (live)", () => onTrailByRoute()],
    ["recent cards (live)", () => recentCards(season, 10)],
    ["users by type (live)", () => dashboardSummary()],
  ];
  console.log("\n| season dashboard part | median |\n|---|---|");
  for (const [label, fn] of parts) console.log(`| ${label} | ${(await timed(fn, RUNS)).toFixed(1)} ms |`);
  // The two must agree (the scan is the aggregate's definition).
  const [a, s] = [await dashboardData(season), await dashboardData(season, "scan")];
  console.log(`\nseason figures agree (aggregate = scan): ${JSON.stringify(a) === JSON.stringify(s)}`);
  await sequelize.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
