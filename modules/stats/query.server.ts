import { QueryTypes } from "sequelize";
import { kathmanduDayStart } from "@lib/dates";
import { isSqlite, sequelize } from "../../db/sequelize.server";
import { rollupSql, type Metric } from "./sources.server";

/** Nepal days from ≤ day < to (the dashboard's "7 days before tomorrow to tomorrow"). */
export interface DayRange {
  from: string;
  to: string;
}

export type StatDimension = "day" | "month" | "routeId" | "nationality" | "agencyId" | "dim";

export interface StatRow {
  day?: string;
  month?: string;
  routeId?: number;
  nationality?: number;
  agencyId?: number;
  dim?: string;
  count: number;
  amountPaisa: number;
}

/**
 * "aggregate" reads daily_stats; "scan" computes the same rows from the source tables (the
 * bench's side-by-side figure, and a check that the aggregate is right).
 */
export type StatSource = "aggregate" | "scan";

const dayColumn = (source: StatSource) => (source === "aggregate" ? "day" : "d");

function dimensionSql(d: StatDimension, source: StatSource): string {
  if (d === "day") return dayColumn(source);
  if (d === "month") return `SUBSTR(${dayColumn(source)}, 1, 7)`;
  return d;
}

/** Sums of one metric over a range, grouped by the dimensions asked for (none: one total row). */
export async function statTotals(metric: Metric, range: DayRange, by: readonly StatDimension[] = [], source: StatSource = "aggregate"): Promise<StatRow[]> {
  const select = by.map((d) => `${dimensionSql(d, source)} AS ${d}`);
  const group = by.length ? ` GROUP BY ${by.map((d) => dimensionSql(d, source)).join(", ")}` : "";
  const sums = source === "aggregate" ? "SUM(count) AS count, SUM(amountPaisa) AS amountPaisa" : "SUM(n) AS count, SUM(amount) AS amountPaisa";
  let sql: string;
  let replacements: unknown[];
  if (source === "aggregate") {
    sql = `SELECT ${[...select, sums].join(", ")} FROM daily_stats WHERE metric = ? AND day >= ? AND day < ?${group}`;
    replacements = [metric, range.from, range.to];
  } else {
    const src = rollupSql(metric, isSqlite());
    sql = `SELECT ${[...select, sums].join(", ")} FROM (${src.sql}) s${group}`;
    replacements = Array.from({ length: src.ranges }, () => [kathmanduDayStart(range.from), kathmanduDayStart(range.to)]).flat();
  }
  const rows = await sequelize.query<Record<string, unknown>>(sql, { replacements, type: QueryTypes.SELECT });
  return rows.map((r) => {
    const out: StatRow = { count: Number(r.count ?? 0), amountPaisa: Number(r.amountPaisa ?? 0) };
    for (const d of by) {
      if (d === "day" || d === "month" || d === "dim") out[d] = String(r[d] ?? "");
      else out[d] = Number(r[d] ?? 0);
    }
    return out;
  });
}

/**
 * Cards on the trail now, by route: Active, checked in somewhere, not checked out nor at the
 * route's end. A refused card's sighting (ADR 0028) is neither a check-in nor a way out.
 */
export async function onTrailByRoute(): Promise<{ routeId: number; count: number }[]> {
  const rows = await sequelize.query<{ routeId: number; n: number }>(
    `SELECT r.routeId AS routeId, COUNT(*) AS n FROM trekkers t JOIN registrations r ON r.id = t.registrationId
     WHERE t.status = 'Active' AND t.deletedAt IS NULL
       AND EXISTS (SELECT 1 FROM checkins c WHERE c.trekkerId = t.id AND c.refusedReason IS NULL)
       AND NOT EXISTS (SELECT 1 FROM checkins c WHERE c.trekkerId = t.id AND c.refusedReason IS NULL AND (c.direction = 'out' OR c.atEndPoint <> 0))
     GROUP BY r.routeId`,
    { type: QueryTypes.SELECT },
  );
  return rows.map((r) => ({ routeId: Number(r.routeId), count: Number(r.n) })).sort((a, b) => b.count - a.count);
}

export interface RecentCard {
  trekkerId: number;
  fullName: string;
  nationality: number;
  cardNumber: number | null;
  routeName: string;
  issuedAt: Date;
}

/** The latest cards issued in the range, newest first (over the index on trekkers.issuedAt). */
export async function recentCards(range: DayRange, limit = 10): Promise<RecentCard[]> {
  const rows = await sequelize.query<{
    trekkerId: number;
    fullName: string;
    nationality: number;
    cardNumber: number | null;
    routeName: string;
    issuedAt: Date | string;
  }>(
    `SELECT t.id AS trekkerId, t.fullName AS fullName, t.nationality AS nationality, t.cardNumber AS cardNumber, r.routeName AS routeName, t.issuedAt AS issuedAt
     FROM trekkers t JOIN registrations r ON r.id = t.registrationId
     WHERE t.issuedAt >= ? AND t.issuedAt < ?
     ORDER BY t.issuedAt DESC, t.id DESC LIMIT ?`,
    { replacements: [kathmanduDayStart(range.from), kathmanduDayStart(range.to), limit], type: QueryTypes.SELECT },
  );
  return rows.map((r) => ({
    ...r,
    trekkerId: Number(r.trekkerId),
    nationality: Number(r.nationality),
    cardNumber: r.cardNumber === null ? null : Number(r.cardNumber),
    issuedAt: new Date(r.issuedAt),
  }));
}
