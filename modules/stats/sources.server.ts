/**
 * The definition of each daily_stats metric over the tables its events live in, as one SELECT
 * with two placeholders per branch (the range's first instant, the instant after its last day).
 * Columns: d (Nepal day), routeId, nationality, agencyId, dim, n (count), amount (paisa).
 * The rebuild inserts these rows; the bench's "plain scan" groups them directly; the increments in
 * record.server.ts must give the same rows (tested).
 */

/** The events counted, each defined over its source tables with every dimension. */
export type BaseMetric = "issued" | "moved" | "revenue" | "checkin";
export type Dimension = "routeId" | "nationality" | "agencyId" | "dim";
export const DIMENSIONS: readonly Dimension[] = ["routeId", "nationality", "agencyId", "dim"];

/**
 * What daily_stats stores: per day, each event rolled up to the few dimensions a figure needs (one
 * key per question), so a season reads thousands of rows rather than one per registration.
 * The other dimensions are stored as 0 / ''.
 */
export const ROLLUPS = {
  "issued.route": { base: "issued", keep: ["routeId"] },
  "issued.nat": { base: "issued", keep: ["nationality"] },
  "issued.agcy": { base: "issued", keep: ["agencyId"] },
  moved: { base: "moved", keep: ["dim"] },
  "revenue.mthd": { base: "revenue", keep: ["dim"] },
  "revenue.nat": { base: "revenue", keep: ["dim", "nationality"] },
  "revenue.agcy": { base: "revenue", keep: ["agencyId"] },
  "checkin.rt": { base: "checkin", keep: ["routeId", "dim"] },
} as const satisfies Record<string, { base: BaseMetric; keep: readonly Dimension[] }>;
export type Metric = keyof typeof ROLLUPS;
export const METRICS = Object.keys(ROLLUPS) as Metric[];
export const BASE_METRICS: readonly BaseMetric[] = ["issued", "moved", "revenue", "checkin"];

/** A rollup's row from a base row: the dimensions it does not keep zeroed. */
export function rollupKey<T extends Record<Dimension, number | string>>(metric: Metric, row: T): T {
  const keep: readonly Dimension[] = ROLLUPS[metric].keep;
  return {
    ...row,
    routeId: keep.includes("routeId") ? row.routeId : 0,
    nationality: keep.includes("nationality") ? row.nationality : 0,
    agencyId: keep.includes("agencyId") ? row.agencyId : 0,
    dim: keep.includes("dim") ? row.dim : "",
  };
}

/** A daily_stats row: one key's count and sum on one Nepal day. */
export interface StatsRow {
  day: string;
  metric: string;
  routeId: number;
  nationality: number;
  agencyId: number;
  dim: string;
  count: number;
  amountPaisa: number;
}

/** daily_stats' unique key (daily_stats_key), in its order. */
export const STATS_KEY = ["metric", "day", ...DIMENSIONS] as const;

/** An INSERT of these rows into daily_stats (`suffix`: an upsert clause). */
export function statsInsert(rows: readonly StatsRow[], suffix = ""): { sql: string; replacements: (string | number)[] } {
  return {
    sql: `INSERT INTO daily_stats (day, metric, routeId, nationality, agencyId, dim, count, amountPaisa) VALUES ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?, ?)").join(", ")} ${suffix}`,
    replacements: rows.flatMap((r) => [r.day, r.metric, r.routeId, r.nationality, r.agencyId, r.dim, r.count, r.amountPaisa]),
  };
}

/**
 * Rows of base events (metric: the base) as the rows daily_stats stores: each counted in every
 * rollup of its base, summed per key, in key order (the increments and the rebuild alike; a
 * writer taking the rows in this order locks them in the same order as any other).
 */
export function rollUp(base: readonly StatsRow[]): StatsRow[] {
  const merged = new Map<string, StatsRow>();
  for (const b of base) {
    for (const metric of METRICS.filter((m) => ROLLUPS[m].base === b.metric)) {
      const r = { ...rollupKey(metric, b), metric };
      const key = STATS_KEY.map((k) => r[k]).join("\u0001");
      const seen = merged.get(key);
      if (seen) {
        seen.count += r.count;
        seen.amountPaisa += r.amountPaisa;
      } else merged.set(key, r);
    }
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
}

/**
 * The SELECT of a rollup over rows of its base (columns d, routeId, nationality, agencyId, dim, n,
 * amount): over the base's SELECT itself, or over `from` (a table holding those rows, the rebuild's).
 */
export function rollupSql(metric: Metric, sqlite: boolean, from?: string): { sql: string; ranges: number } {
  const { base, keep } = ROLLUPS[metric];
  const src = from ? { sql: `SELECT * FROM ${from}`, ranges: 0 } : sourceSql(base, sqlite);
  const col = (d: Dimension) => ((keep as readonly Dimension[]).includes(d) ? `s.${d}` : d === "dim" ? "''" : "0");
  const kept = (keep as readonly Dimension[]).map((d) => `s.${d}`);
  return {
    ranges: src.ranges,
    sql: `SELECT s.d AS d, ${DIMENSIONS.map((d) => `${col(d)} AS ${d}`).join(", ")}, SUM(s.n) AS n, SUM(s.amount) AS amount FROM (${src.sql}) s GROUP BY ${["s.d", ...kept].join(", ")}`,
  };
}

export function nepalDaySql(col: string, sqlite: boolean): string {
  return sqlite ? `strftime('%Y-%m-%d', ${col}, '+345 minutes')` : `DATE_FORMAT(DATE_ADD(${col}, INTERVAL 345 MINUTE), '%Y-%m-%d')`;
}

const AGENCY = "CASE WHEN r.userType = 2 THEN r.userId ELSE 0 END";

/** A base event's SELECT with every dimension, and how many times its [start, end) pair of placeholders repeats. */
export function sourceSql(metric: BaseMetric, sqlite: boolean): { sql: string; ranges: number } {
  const day = (col: string) => nepalDaySql(col, sqlite);
  const text = (expr: string) => (sqlite ? `CAST(${expr} AS TEXT)` : `CAST(${expr} AS CHAR)`);
  switch (metric) {
    case "issued":
      // Cards given their number (paid, or generated by a grant holder): by route, nationality, agency.
      return {
        ranges: 1,
        sql: `SELECT ${day("ce.createdAt")} AS d, r.routeId AS routeId, t.nationality AS nationality, ${AGENCY} AS agencyId, '' AS dim, COUNT(*) AS n, 0 AS amount
          FROM card_events ce JOIN trekkers t ON t.id = ce.trekkerId JOIN registrations r ON r.id = t.registrationId
          WHERE ce.action IN ('issue', 'generate') AND ce.createdAt >= ? AND ce.createdAt < ?
          GROUP BY ${day("ce.createdAt")}, r.routeId, t.nationality, ${AGENCY}`,
      };
    case "moved":
      // Every card move, by the status it moved to.
      return {
        ranges: 1,
        sql: `SELECT ${day("ce.createdAt")} AS d, 0 AS routeId, 0 AS nationality, 0 AS agencyId, ce.toStatus AS dim, COUNT(*) AS n, 0 AS amount
          FROM card_events ce WHERE ce.createdAt >= ? AND ce.createdAt < ?
          GROUP BY ${day("ce.createdAt")}, ce.toStatus`,
      };
    case "revenue":
      // Each bill split over its trekkers' locked fees (by nationality); what the fees do not
      // cover (a bill whose trekkers hold none) under nationality 0, so sums equal the bills.
      return {
        ranges: 2,
        sql: `SELECT d, routeId, nationality, agencyId, dim, SUM(n) AS n, SUM(amount) AS amount FROM (
            SELECT ${day("b.createdAt")} AS d, r.routeId AS routeId, t.nationality AS nationality, ${AGENCY} AS agencyId, ${text("b.methodId")} AS dim, 1 AS n, t.amountPaisa AS amount
            FROM bills b JOIN registrations r ON r.id = b.registrationId JOIN trekkers t ON t.registrationId = b.registrationId AND t.amountPaisa IS NOT NULL
            WHERE b.createdAt >= ? AND b.createdAt < ?
            UNION ALL
            SELECT ${day("b.createdAt")}, r.routeId, 0, ${AGENCY}, ${text("b.methodId")}, 0,
              b.amountPaisa - COALESCE((SELECT SUM(t2.amountPaisa) FROM trekkers t2 WHERE t2.registrationId = b.registrationId AND t2.amountPaisa IS NOT NULL), 0)
            FROM bills b JOIN registrations r ON r.id = b.registrationId
            WHERE b.createdAt >= ? AND b.createdAt < ?
          ) x WHERE n > 0 OR amount <> 0
          GROUP BY d, routeId, nationality, agencyId, dim`,
      };
    case "checkin":
      // Check-ins and check-outs recorded, by direction; a refused card's sighting is none (ADR 0028).
      return {
        ranges: 1,
        sql: `SELECT ${day("c.actionDate")} AS d, r.routeId AS routeId, t.nationality AS nationality, ${AGENCY} AS agencyId, c.direction AS dim, COUNT(*) AS n, 0 AS amount
          FROM checkins c JOIN trekkers t ON t.id = c.trekkerId JOIN registrations r ON r.id = t.registrationId
          WHERE c.actionDate >= ? AND c.actionDate < ? AND c.refusedReason IS NULL
          GROUP BY ${day("c.actionDate")}, r.routeId, t.nationality, ${AGENCY}, c.direction`,
      };
  }
}
