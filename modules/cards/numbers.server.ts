import type { Transaction } from "sequelize";
import { advanceCounter } from "../../db/counter.server";

/**
 * Takes `count` consecutive card numbers from the one counter, inside the caller's transaction:
 * the counter row stays locked (MySQL) or the database (SQLite) until that transaction ends,
 * so concurrent payments never share or skip a number.
 */
export async function allocateCardNumbers(count: number, transaction: Transaction): Promise<number[]> {
  if (count <= 0) return [];
  const end = await advanceCounter("card_counter", count, transaction);
  return Array.from({ length: count }, (_, i) => end - count + i);
}
