import { literal } from "sequelize";
import { userWordsCondition } from "./search-words.server";
import { User } from "./models/user.server";

/** Display names (organisation for agencies) of several users in one query. */
export async function displayNames(ids: number[]): Promise<Map<number, { name: string; email: string; userType: number }>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (!unique.length) return new Map();
  const rows = await User.findAll({ where: { id: unique }, attributes: ["id", "fullName", "organizationName", "email", "userType"], paranoid: false });
  return new Map(rows.map((u) => [u.id, { name: u.organizationName || u.fullName, email: u.email, userType: u.userType }]));
}

/**
 * Ids of users whose name, organisation or e-mail has words beginning with every word of `text`
 * (a list's payer search; search-words.server.ts), at most `limit`.
 */
export async function userIdsMatching(text: string, limit = 1000): Promise<number[]> {
  const words = userWordsCondition(text);
  if (!words) return [];
  const rows = await User.findAll({ where: literal(words), attributes: ["id"], limit, paranoid: false });
  return rows.map((u) => u.id);
}
