import { performance } from "node:perf_hooks";
import { QueryTypes } from "sequelize";
import { isSqlite, sequelize } from "./sequelize.server";
import { noteStatement } from "./statements.server";

/**
 * A SELECT whose rows come back as arrays, in the order of the SELECT's columns, for the hot
 * read paths (list pages, exports of a million rows): no model instances, no per-row objects
 * keyed by column name. On MySQL/MariaDB it runs on a pooled connection with mysql2's
 * `rowsAsArray`; DATETIME columns arrive as Dates (UTC, as Sequelize stores them), DATE columns as
 * their "YYYY-MM-DD" text. On SQLite (the embedded mode and tests) it goes through Sequelize and
 * returns the same shapes; its DATETIME text is turned into Dates by `utcDate`.
 *
 * `?` placeholders take `params` (bound by the driver's escaping, as Sequelize's replacements).
 */
export async function selectArrays(sql: string, params: readonly unknown[] = []): Promise<unknown[][]> {
  if (isSqlite()) {
    const rows = await sequelize.query<Record<string, unknown>>(sql, { replacements: [...params], type: QueryTypes.SELECT, raw: true });
    return rows.map((r) => Object.values(r));
  }
  const manager = sequelize.connectionManager as unknown as {
    getConnection(options: { type: "read" | "write" }): Promise<MysqlConnection>;
    releaseConnection(connection: MysqlConnection): Promise<void>;
  };
  const started = performance.now();
  const connection = await manager.getConnection({ type: "read" });
  // Sequelize gives every connection a typeCast function (its per-type parsers), and mysql2 then
  // calls it, with a fresh closure, for every field of every row: 20 million calls for a million
  // rows of 20 columns. The connection is ours alone until released, so its typeCast is set aside
  // for this statement and the driver's own parsing is used: DATETIME straight to a Date (UTC, the
  // connection's timezone, as Sequelize reads it), DATE kept as its text. These parsers are cached
  // apart from Sequelize's (rowsAsArray and dateStrings are part of mysql2's parser key).
  const saved = connection.config.typeCast;
  connection.config.typeCast = undefined;
  try {
    const rows = await new Promise<unknown[][]>((resolve, reject) => {
      connection.query({ sql, values: [...params], rowsAsArray: true, dateStrings: ["DATE"] }, (error: Error | null, rows: unknown) =>
        error ? reject(error) : resolve(rows as unknown[][]),
      );
    });
    logged(sql, params, started);
    return rows;
  } finally {
    connection.config.typeCast = saved;
    await manager.releaseConnection(connection);
  }
}

interface MysqlConnection {
  config: { typeCast?: unknown };
  query(options: Record<string, unknown>, callback: (error: Error | null, rows: unknown) => void): void;
}

/**
 * A DATETIME value of `selectArrays` as a Date: MySQL's are Dates already; SQLite's are the text
 * Sequelize stored ("YYYY-MM-DD HH:MM:SS.SSS +00:00", always UTC).
 */
export function utcDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  const text = String(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?\s*(Z|[+-]00:?00)?$/.exec(text);
  if (m) return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0), m[7] ? +m[7].padEnd(3, "0") : 0));
  return new Date(text);
}

/** A DATE value of `selectArrays` as "YYYY-MM-DD". */
export function isoDay(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value ?? "").slice(0, 10);
}

/** Sequelize's query log (DB_LOG=1, the benchmarks' capture) and the statement count see these statements too, values inlined. */
function logged(sql: string, params: readonly unknown[], started: number): void {
  noteStatement(sql, performance.now() - started);
  const options = (sequelize as unknown as { options: { logging?: unknown; benchmark?: boolean } }).options;
  if (typeof options.logging !== "function") return;
  let i = 0;
  const text = sql.replace(/\?/g, () => sequelize.escape(params[i++] as string));
  (options.logging as (sql: string, ms?: number) => void)(`Executed (select-arrays): ${text}`, options.benchmark ? performance.now() - started : undefined);
}
