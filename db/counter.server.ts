import { QueryTypes, type Transaction } from "sequelize";
import { isSqlite, sequelize } from "./sequelize.server";

/** The tables holding one gap-free counter each, in row id 1 (their migrations create the row). */
export type CounterTable = "card_counter" | "invoice_counter";

/**
 * Advances a counter by `count` inside the caller's transaction and returns its new `next`; the
 * numbers taken are the `count` before it. The row stays locked (MySQL) or SQLite's write lock
 * held until that transaction ends, so concurrent payments never share or skip a number.
 *
 * One statement, not an UPDATE and a SELECT: every payment waits for the counter row from this
 * statement to its commit, and each statement inside that window is a round trip through a busy
 * web process (docs/adr/0055-counters-in-one-statement.md). MySQL hands the value back as the
 * statement's insert id (LAST_INSERT_ID(expr)); SQLite by RETURNING.
 */
export async function advanceCounter(table: CounterTable, count: number, transaction: Transaction): Promise<number> {
  if (isSqlite()) {
    const [row] = await sequelize.query<{ next: number }>(`UPDATE ${table} SET next = next + ? WHERE id = 1 RETURNING next`, {
      replacements: [count],
      type: QueryTypes.SELECT,
      transaction,
    });
    if (!row) throw new Error(`${table} has no row: run the migrations`);
    return Number(row.next);
  }
  const [result] = (await sequelize.query(`UPDATE ${table} SET next = LAST_INSERT_ID(next + ?) WHERE id = 1`, {
    replacements: [count],
    transaction,
  })) as unknown as [{ affectedRows: number; insertId: number | string }];
  if (result.affectedRows !== 1) throw new Error(`${table} has no row: run the migrations`);
  return Number(result.insertId);
}
