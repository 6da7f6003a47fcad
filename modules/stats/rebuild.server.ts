import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { QueryTypes, type Transaction } from "sequelize";
import { addDays, kathmanduDate, kathmanduDayStart } from "@lib/dates";
import { isSqlite, sequelize, writeTransaction } from "../../db/sequelize.server";
import { BASE_METRICS, METRICS, rollUp, sourceSql, statsInsert, type Dimension, type StatsRow } from "./sources.server";

export interface RebuildOptions {
  /**
   * Called after each day is written and committed, before the next one starts: no lock of the
   * rebuild is held then (tests hold the rebuild here and write meanwhile; a progress log).
   */
  afterDay?: (day: string, rows: number) => void | Promise<void>;
  /**
   * Idle time after each day, as a multiple of the time that day took (0: none). The rebuild
   * shares the database's cores with scans and payments; resting as long as it worked (1) halves
   * its share of them, so the requests made meanwhile keep their speed, and a rebuild of years
   * still ends in minutes (docs/benchmarks.md). The job and the script pass config.statsRebuildPace.
   */
  pace?: number;
  /**
   * Days rebuilt side by side (default 1). Each day stays its own transaction on its own day's
   * keys, so lanes never wait on each other; a rebuild of a fresh database with nothing else
   * running (bench/seed-scale.ts) uses both the database's cores this way.
   */
  lanes?: number;
}

/** Rows per INSERT statement (a peak day has a few thousand rollup rows). */
const INSERT_ROWS = 500;
const METRIC_LIST = METRICS.map((m) => `'${m}'`).join(", ");

/**
 * Recomputes daily_stats from the tables the events live in (card_events, bills with their
 * trekkers, checkins) for the Nepal days from..to (both included; null: every day there is data
 * for), with the definitions of sources.server.ts: a rebuild of a range equals what the events
 * added to it (tested). Used by the migration (data from before the table), the job
 * "stats.rebuild" and scripts/rebuild-stats.ts.
 *
 * One day at a time, each in its own short transaction (ADR 0041): the day's rows are deleted
 * first (locking that day's keys of daily_stats, and nothing else), then the day's events are read
 * with plain SELECTs (consistent reads: no lock on card_events, bills, checkins, trekkers or
 * registrations, which scans and payments write) and rolled up here, then inserted. An event
 * committed before the read is in it and its increment was among the deleted rows; one still
 * open then waits on the day's keys until this commits and adds its increment after the rebuilt
 * rows, so a rebuild of today while cards move stays exact. Between days nothing is held.
 */
export async function rebuildDailyStats(
  from: string | null,
  to: string | null,
  opts: RebuildOptions = {},
): Promise<{ from: string; to: string; rows: number }> {
  if (!from || !to) {
    const [span] = await sequelize.query<{ first: Date | string | null; last: Date | string | null }>(
      `SELECT MIN(x) AS first, MAX(y) AS last FROM (
         SELECT MIN(createdAt) AS x, MAX(createdAt) AS y FROM card_events
         UNION ALL SELECT MIN(createdAt), MAX(createdAt) FROM bills
         UNION ALL SELECT MIN(actionDate), MAX(actionDate) FROM checkins WHERE refusedReason IS NULL) s`,
      { type: QueryTypes.SELECT },
    );
    const today = kathmanduDate();
    from ??= span?.first ? kathmanduDate(new Date(span.first)) : today;
    to ??= span?.last ? kathmanduDate(new Date(span.last)) : today;
  }
  let rows = 0;
  const pace = Math.max(0, opts.pace ?? 0);
  let next = from;
  const lane = async () => {
    // Days are handed out in order, one at a time, to whichever lane is free.
    for (let day = next; day <= to!; day = next) {
      next = addDays(day, 1);
      const started = performance.now();
      const written = await writeTransaction((transaction) => rebuildDay(day, transaction));
      rows += written;
      await opts.afterDay?.(day, written);
      if (pace > 0 && day < to!) await sleep((performance.now() - started) * pace);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.lanes ?? 1) }, lane));
  return { from, to, rows };
}

async function rebuildDay(day: string, transaction: Transaction): Promise<number> {
  // The delete first: the read below then sees every event whose increment it removed (see above).
  await sequelize.query(`DELETE FROM daily_stats WHERE metric IN (${METRIC_LIST}) AND day = ?`, { replacements: [day], transaction });
  const rows = await dayRows(day, transaction);
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const { sql, replacements } = statsInsert(rows.slice(i, i + INSERT_ROWS));
    await sequelize.query(sql, { replacements, transaction });
  }
  return rows.length;
}

type BaseRow = Record<Dimension, number | string> & { n: number | string; amount: number | string };

/** The day's rows: each base event read once (a plain SELECT) and rolled up here, as rollupSql groups them. */
async function dayRows(day: string, transaction: Transaction): Promise<StatsRow[]> {
  const sqlite = isSqlite();
  const range = [kathmanduDayStart(day), kathmanduDayStart(addDays(day, 1))];
  const base: StatsRow[] = [];
  for (const metric of BASE_METRICS) {
    const src = sourceSql(metric, sqlite);
    const found = await sequelize.query<BaseRow>(src.sql, {
      replacements: Array.from({ length: src.ranges }, () => range).flat(),
      type: QueryTypes.SELECT,
      transaction,
    });
    for (const b of found) {
      base.push({
        day,
        metric,
        routeId: Number(b.routeId),
        nationality: Number(b.nationality),
        agencyId: Number(b.agencyId),
        dim: String(b.dim ?? ""),
        count: Number(b.n),
        amountPaisa: Number(b.amount),
      });
    }
  }
  return rollUp(base);
}
