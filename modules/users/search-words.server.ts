import { sequelize } from "../../db/sequelize.server";
import type { Transaction } from "sequelize";
import { indexAllUserWords as indexAllWith, indexUserWords as indexWith, searchWords, type Searchable } from "./search-words";

export { searchWords, SEARCH_WORD_MAX } from "./search-words";

/** Replaces these users' words (the User model's hooks). */
export function indexUserWords(users: readonly Searchable[], transaction?: Transaction | null): Promise<void> {
  return indexWith(users, transaction, sequelize.getQueryInterface());
}

/** Fills the words of every user (bench/seed-scale.ts after its bulk insert of users). */
export function indexAllUserWords(): Promise<void> {
  return indexAllWith(sequelize.getQueryInterface());
}

/**
 * The SQL condition "every word of `text` begins one of the user's words", on the users table's
 * `id` column (`idColumn`), or null when the text has no word (then nothing matches). The words
 * are letters and digits only, so they need no LIKE escaping.
 */
export function userWordsCondition(text: string, idColumn = "id"): string | null {
  const words = searchWords(text);
  if (!words.length) return null;
  return words.map((w) => `${idColumn} IN (SELECT userId FROM user_search_words WHERE word LIKE ${sequelize.escape(`${w}%`)})`).join(" AND ");
}
