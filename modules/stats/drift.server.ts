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
 * included. One statement and nothing written: the stored rows and the negated rollups are
 * summed per key, so a key that agrees sums to zero and drops out. `limit` caps the rows
 * returned; `count` is every differing key. `transaction`: read within the caller's snapshot.
 */
export async function dailyStatsDrift(limit = 5, transaction?: Transaction): Promise<{ count: number; rows: StatsDrift[] }> {
  const sqlite = isSqlite();
  const key = ["metric", "day", ...DIMENSIONS];
  const branches = ["SELECT metric, day, routeId, nationality, agencyId, dim, count AS c, amountPaisa AS a FROM daily_stats"];
  const replacements: Date[] = [];
  for (const metric of METRICS) {
    const src = rollupSql(metric, sqlite);
    branches.push(`SELECT '${metric}', s.d, s.routeId, s.nationality, s.agencyId, s.dim, -s.n, -s.amount FROM (${src.sql}) s`);
    for (let i = 0; i < src.ranges; i++) replacements.push(...EVERYTHING);
  }
  const differing = `SELECT ${key.join(", ")}, SUM(c) AS countDiff, SUM(a) AS amountDiff FROM (${branches.join(" UNION ALL ")}) x
    GROUP BY ${key.join(", ")} HAVING SUM(c) <> 0 OR SUM(a) <> 0`;
  const [{ n }] = await sequelize.query<{ n: number }>(`SELECT COUNT(*) AS n FROM (${differing}) d`, { replacements, type: QueryTypes.SELECT, transaction });
  if (!Number(n)) return { count: 0, rows: [] };
  const rows = await sequelize.query<Record<string, unknown>>(`${differing} ORDER BY day, metric LIMIT ${Math.max(0, Math.floor(limit))}`, { replacements, type: QueryTypes.SELECT, transaction });
  return {
    count: Number(n),
    rows: rows.map((r) => ({
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
