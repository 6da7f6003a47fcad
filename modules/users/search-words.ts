import { QueryTypes, type QueryInterface, type Transaction } from "sequelize";

/**
 * The users' word index for the lists' name/organisation/e-mail search (`user_search_words`,
 * one row per word, keyed (word, userId)). "%text%" over names and e-mails reads the whole users
 * range of a tab, which no B-tree answers; a search is now: every word of the text begins a word
 * of the user's name, organisation or e-mail (split at anything not a letter or digit, so
 * "tims.test" finds agency@tims.test and "Treks 4" finds "Himalaya Treks 42"), each word one
 * index range. Kept by the User model's hooks (models/user.server.ts) on create and on any change
 * of those columns, in the change's transaction; filled for existing users by the migration.
 */
export const SEARCH_WORD_MAX = 64;

export function searchWords(...texts: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of (text ?? "").toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word) words.add(word.slice(0, SEARCH_WORD_MAX));
  }
  return [...words];
}

export interface Searchable {
  id: number;
  fullName: string | null;
  email: string | null;
  organizationName?: string | null;
}

/** Replaces these users' words (after a create, or a change of name, organisation or e-mail). */
export async function indexUserWords(users: readonly Searchable[], transaction: Transaction | null | undefined, qi: QueryInterface): Promise<void> {
  if (!users.length) return;
  const q = qi.sequelize;
  await q.query(`DELETE FROM user_search_words WHERE userId IN (${users.map((u) => Number(u.id)).join(", ")})`, { transaction: transaction ?? undefined });
  const rows = users.flatMap((u) => searchWords(u.fullName, u.email, u.organizationName).map((word) => [Number(u.id), word] as const));
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await q.query(`INSERT INTO user_search_words (userId, word) VALUES ${chunk.map(() => "(?, ?)").join(", ")}`, {
      replacements: chunk.flat(),
      transaction: transaction ?? undefined,
    });
  }
}

/** Fills the words of every user (the migration; bench/seed-scale.ts after its bulk insert). */
export async function indexAllUserWords(qi: QueryInterface): Promise<void> {
  for (let after = 0; ;) {
    const users = await qi.sequelize.query<Searchable>(`SELECT id, fullName, email, organizationName FROM users WHERE id > ${after} ORDER BY id LIMIT 2000`, {
      type: QueryTypes.SELECT,
    });
    if (!users.length) return;
    await indexUserWords(users, null, qi);
    after = Number(users[users.length - 1].id);
  }
}
