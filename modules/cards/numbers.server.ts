import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../db/sequelize.server";

/**
 * Takes `count` consecutive card numbers from the one counter, inside the caller's transaction:
 * the UPDATE locks the counter row (MySQL) or the database (SQLite) until that transaction ends,
 * so concurrent payments never share or skip a number.
 */
export async function allocateCardNumbers(count: number, transaction: Transaction): Promise<number[]> {
  if (count <= 0) return [];
  await sequelize.query("UPDATE card_counter SET next = next + ? WHERE id = 1", { replacements: [count], transaction });
  const [row] = await sequelize.query<{ next: number }>("SELECT next FROM card_counter WHERE id = 1", { type: QueryTypes.SELECT, transaction });
  const end = Number(row.next);
  return Array.from({ length: count }, (_, i) => end - count + i);
}
