import { QueryTypes, type QueryInterface, type Transaction } from "sequelize";
import { nameTokens } from "./name-tokens";

/**
 * The name search's index, `trekker_name_tokens (token, trekkerId)` (docs/adr/0046-name-search-tokens.md):
 * one row per distinct token of a trekker's name (name-tokens.ts), kept by the Trekker model's
 * hooks in the transaction that writes the name, filled for existing trekkers by the migration.
 * A trekker removed for good takes its tokens with it (ON DELETE CASCADE, and the hook); a record
 * an agency deleted keeps them, as the Deleted Trekkers list searches it by name.
 */
export interface Named {
  id: number;
  fullName: string;
}

/** Rows per INSERT statement (two bound values each). */
const ROWS_PER_INSERT = 1_000;

/** Replaces these trekkers' tokens (after a create, or a change of name). */
export async function indexTrekkerNames(trekkers: readonly Named[], transaction: Transaction | null | undefined, qi: QueryInterface): Promise<void> {
  if (!trekkers.length) return;
  const q = qi.sequelize;
  await q.query(`DELETE FROM trekker_name_tokens WHERE trekkerId IN (${trekkers.map((t) => Number(t.id)).join(", ")})`, {
    transaction: transaction ?? undefined,
  });
  await insertTokens(trekkers, transaction, qi);
}

async function insertTokens(trekkers: readonly Named[], transaction: Transaction | null | undefined, qi: QueryInterface): Promise<void> {
  const rows = trekkers.flatMap((t) => nameTokens(t.fullName).map((token) => [token, Number(t.id)] as const));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    await qi.sequelize.query(`INSERT INTO trekker_name_tokens (token, trekkerId) VALUES ${chunk.map(() => "(?, ?)").join(", ")}`, {
      replacements: chunk.flat(),
      transaction: transaction ?? undefined,
    });
  }
}

/** Drops the tokens of trekkers removed for good (the cascade does it too; the hook says so). */
export async function dropTrekkerNames(ids: readonly number[], transaction: Transaction | null | undefined, qi: QueryInterface): Promise<void> {
  if (!ids.length) return;
  await qi.sequelize.query(`DELETE FROM trekker_name_tokens WHERE trekkerId IN (${ids.map(Number).join(", ")})`, { transaction: transaction ?? undefined });
}

/**
 * Writes the tokens of every trekker, in batches of `batch` trekkers by primary key, each batch
 * one transaction that replaces the batch's tokens (the migration at a million rows; a run cut
 * short can run again). A plain key range per batch: an anti-join against the tokens table
 * ("those without tokens") made MariaDB materialise the whole table for every batch.
 */
export async function indexAllTrekkerNames(qi: QueryInterface, batch = 5_000): Promise<number> {
  let done = 0;
  for (let after = 0; ;) {
    const trekkers = await qi.sequelize.query<Named>(
      `SELECT t.id AS id, t.fullName AS fullName FROM trekkers t WHERE t.id > ${after} ORDER BY t.id LIMIT ${batch}`,
      {
        type: QueryTypes.SELECT,
      },
    );
    if (!trekkers.length) return done;
    await qi.sequelize.transaction((transaction) => indexTrekkerNames(trekkers, transaction, qi));
    done += trekkers.length;
    after = Number(trekkers[trekkers.length - 1].id);
  }
}
