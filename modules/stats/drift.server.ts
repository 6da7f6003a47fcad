import { QueryTypes, type Transaction } from "sequelize";
import { isSqlite, sequelize } from "../../db/sequelize.server";
import { DIMENSIONS, METRICS, rollupSql } from "./sources.server";

/** A daily_stats key whose stored sums differ from what its source tables give. */
export interface StatsDrift {
  metric: string;
  day: string;
  routeId: number;
  nationality: number;
  agencyId: number;
  dim: string;
  /** Stored minus rebuilt. */
  countDiff: number;
  amountDiff: number;
}

// Wider than any data: the rebuild's "every day there is data for", without reading the span first.
const EVERYTHING: [Date, Date] = [new Date("1970-01-01T00:00:00Z"), new Date("2999-01-01T00:00:00Z")];

/**
 * How far daily_stats is from its rebuild (ADR 0019; the ledger check): every key whose stored
 * count or amount differs from the rollup of the source tables, a key missing on either side
 * included. One statement, nothing written: the stored rows and the negated rollups of
 * sources.server.ts are summed per key, so a key that agrees sums to zero and drops out, and the
 * differing keys are counted in the same pass (a window). `limit` caps the rows returned;
 * `count` is every differing key. `transaction`: read within the caller's snapshot. It costs
 * about a rebuild's reading (each rollup reads its source; a common table expression per base
 * did not help, MariaDB computing it once per reference).
 */
export async function dailyStatsDrift(limit = 5, transaction?: Transaction): Promise<{ count: number; rows: StatsDrift[] }> {
  const sqlite = isSqlite();
  const key = ["metric", "day", ...DIMENSIONS];
  // Text in the connection's collation on every side: MariaDB refuses a union of two columns of
  // different collations (daily_stats.dim and CAST(b.methodId AS CHAR)) when the database's
  // default is not the connection's.
  const text = (expr: string) => `CAST(${expr} AS CHAR)`;
  const branches = [
    `SELECT ${text("metric")} AS metric, ${text("day")} AS day, routeId, nationality, agencyId, ${text("dim")} AS dim, count AS c, amountPaisa AS a FROM daily_stats`,
  ];
  const replacements: Date[] = [];
  for (const metric of METRICS) {
    const src = rollupSql(metric, sqlite);
    branches.push(`SELECT ${text(`'${metric}'`)}, ${text("s.d")}, s.routeId, s.nationality, s.agencyId, ${text("s.dim")}, -s.n, -s.amount FROM (${src.sql}) s`);
    for (let i = 0; i < src.ranges; i++) replacements.push(...EVERYTHING);
  }
  const rows = await sequelize.query<Record<string, unknown>>(
    `SELECT d.*, COUNT(*) OVER () AS total FROM (
       SELECT ${key.join(", ")}, SUM(c) AS countDiff, SUM(a) AS amountDiff FROM (${branches.join(" UNION ALL ")}) x
       GROUP BY ${key.join(", ")} HAVING SUM(c) <> 0 OR SUM(a) <> 0) d
     ORDER BY day, metric LIMIT ${Math.max(1, Math.floor(limit))}`,
    { replacements, type: QueryTypes.SELECT, transaction },
  );
  return {
    count: rows.length ? Number(rows[0].total) : 0,
    rows: rows.slice(0, Math.max(0, Math.floor(limit))).map((r) => ({
      metric: String(r.metric),
      day: String(r.day),
      routeId: Number(r.routeId),
      nationality: Number(r.nationality),
      agencyId: Number(r.agencyId),
      dim: String(r.dim ?? ""),
      countDiff: Number(r.countDiff),
      amountDiff: Number(r.amountDiff),
    })),
  };
}
