/**
 * Recomputes the dashboard's per-day aggregates (daily_stats, ADR 0019) from the source tables.
 *   npx tsx scripts/rebuild-stats.ts [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--pace N]
 * (dates both included; default: every day with data. --pace: idle time after each day as a
 * multiple of its work, default STATS_REBUILD_PACE or 1; 0 runs flat out.)
 * DATABASE_URL selects the database, as for the app.
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? null : process.argv[i + 1];
};
async function main() {
  // A process entry: db/ and jobs/ get the modules' migrations, seeds and jobs from the composition root (ADR 0045).
  (await import("../app/composition.server")).composeApp();
  const { sequelize } = await import("../db/sequelize.server");
  const { migrate } = await import("../db/migrate.server");
  const { rebuildDailyStats } = await import("../modules/stats/index.server");
  const { config } = await import("../lib/config.server");
  await migrate();
  const started = Date.now();
  const done = await rebuildDailyStats(arg("from"), arg("to"), { pace: arg("pace") != null ? Number(arg("pace")) : config.statsRebuildPace });
  console.log(`daily_stats ${done.from}..${done.to}: ${done.rows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await sequelize.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
