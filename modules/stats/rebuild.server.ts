import { QueryTypes, type Sequelize, type Transaction } from "sequelize";
import { addDays, kathmanduDate, kathmanduDayStart } from "@lib/dates";
import { BASE_METRICS, METRICS, ROLLUPS, rollupSql, sourceSql } from "./sources.server";

/**
 * Recomputes daily_stats from the tables the events live in (card_events, bills with their
 * trekkers, checkins) for the Nepal days from..to (both included; null: every day there is data
 * for), with the definitions of sources.server.ts: a rebuild of a range equals what the events
 * added to it (tested). Used by the migration (data from before the table), the job
 * "stats.rebuild" and scripts/rebuild-stats.ts.
 */
export async function rebuildDailyStats(from: string | null, to: string | null, sequelize: Sequelize, transaction?: Transaction): Promise<{ from: string; to: string; rows: number }> {
  if (!transaction) return sequelize.transaction((t) => rebuildDailyStats(from, to, sequelize, t));
  const sqlite = sequelize.getDialect() === "sqlite";
  const q = <T extends object>(sql: string, replacements: unknown[]) => sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, transaction });
  if (!from || !to) {
    const [span] = await q<{ first: Date | string | null; last: Date | string | null }>(
      `SELECT MIN(x) AS first, MAX(y) AS last FROM (
         SELECT MIN(createdAt) AS x, MAX(createdAt) AS y FROM card_events
         UNION ALL SELECT MIN(createdAt), MAX(createdAt) FROM bills
         UNION ALL SELECT MIN(actionDate), MAX(actionDate) FROM checkins WHERE refusedReason IS NULL) s`,
      [],
    );
    const today = kathmanduDate();
    from ??= span?.first ? kathmanduDate(new Date(span.first)) : today;
    to ??= span?.last ? kathmanduDate(new Date(span.last)) : today;
  }
  const start = kathmanduDayStart(from);
  const end = kathmanduDayStart(addDays(to, 1));
  await sequelize.query("DELETE FROM daily_stats WHERE day >= ? AND day <= ?", { replacements: [from, to], transaction });
  // Each base event is read from its source tables once, into a temporary table, and rolled up from there.
  const drop = sqlite ? "DROP TABLE IF EXISTS temp.stats_base" : "DROP TEMPORARY TABLE IF EXISTS stats_base";
  for (const base of BASE_METRICS) {
    const src = sourceSql(base, sqlite);
    await sequelize.query(drop, { transaction });
    await sequelize.query(`CREATE TEMPORARY TABLE stats_base AS SELECT * FROM (${src.sql}) s`, { replacements: Array.from({ length: src.ranges }, () => [start, end]).flat(), transaction });
    for (const metric of METRICS.filter((m) => ROLLUPS[m].base === base)) {
      const { sql } = rollupSql(metric, sqlite, "stats_base");
      await sequelize.query(
        `INSERT INTO daily_stats (day, metric, routeId, nationality, agencyId, dim, count, amountPaisa)
         SELECT s.d, '${metric}', s.routeId, s.nationality, s.agencyId, s.dim, s.n, s.amount FROM (${sql}) s`,
        { transaction },
      );
    }
    await sequelize.query(drop, { transaction });
  }
  const [{ n }] = await q<{ n: number }>("SELECT COUNT(*) AS n FROM daily_stats WHERE day >= ? AND day <= ?", [from, to]);
  return { from, to, rows: Number(n) };
}
