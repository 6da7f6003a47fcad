import { userWordsCondition } from "./search-words.server";
import { languageOr, type Language } from "@lib/i18n/languages";
import { User } from "./models/user.server";

/** Display names (organisation for agencies) of several users in one query. */
/** Each user's name to show, address, type and the language to write to them in (their stored choice, else English). */
export async function displayNames(ids: number[]): Promise<Map<number, { name: string; email: string; userType: number; language: Language }>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (!unique.length) return new Map();
  const rows = await User.findAll({
    where: { id: unique },
    attributes: ["id", "fullName", "organizationName", "email", "userType", "language"],
    paranoid: false,
  });
  return new Map(rows.map((u) => [u.id, { name: u.organizationName || u.fullName, email: u.email, userType: u.userType, language: languageOr(u.language) }]));
}

/**
 * "The user in `userIdColumn` has a name, organisation or e-mail with words beginning with every
 * word of `text`" as a condition of another module's statement (a list's payer search,
 * search-words.server.ts): the database joins the words itself, in the list's count and page
 * statements, instead of a statement first for the ids. Null when the text has no word (then
 * nothing matches). Deleted accounts are included: bills and vouchers outlive them.
 * `userIdColumn` is the caller's own column expression, never user input.
 */
export function payerSearchSql(text: string, userIdColumn: string): string | null {
  return userWordsCondition(text, userIdColumn);
}

/**
 * A user's type and display name (organisation for agencies) as two columns of another module's
 * statement (the billing list's page): scalar subqueries by primary key, deleted accounts
 * included. `userIdColumn` is the caller's own column expression, never user input.
 */
export function userTypeAndNameColumnsSql(userIdColumn: string): [string, string] {
  return [
    `(SELECT userType FROM users WHERE id = ${userIdColumn})`,
    `(SELECT COALESCE(NULLIF(organizationName, ''), fullName) FROM users WHERE id = ${userIdColumn})`,
  ];
}

export interface BillingContact {
  name: string;
  email: string;
  userType: number;
  address: string;
  contactNo: string;
  /** The agency's PAN/VAT number (receipts: UserVatNo). */
  pan: string;
}

/** What a receipt prints about its payers, one query for all of them (deleted accounts included: bills outlive them). */
export async function billingContacts(ids: number[]): Promise<Map<number, BillingContact>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (!unique.length) return new Map();
  const rows = await User.findAll({
    where: { id: unique },
    attributes: ["id", "fullName", "organizationName", "email", "deletedEmail", "userType", "contactAddress", "contactNo", "panNumber"],
    paranoid: false,
  });
  return new Map(
    rows.map((u) => [
      u.id,
      {
        name: u.organizationName || u.fullName,
        email: u.deletedEmail || u.email,
        userType: u.userType,
        address: u.contactAddress ?? "",
        contactNo: u.contactNo ?? "",
        pan: u.panNumber ?? "",
      },
    ]),
  );
}

/** Ids of the active (not disabled, not deleted) users of a type: e.g. every TAAN account an event concerns. */
export async function activeUserIdsOfType(userType: number): Promise<number[]> {
  const rows = await User.findAll({ where: { userType, status: "Active" }, attributes: ["id"], raw: true });
  return rows.map((u) => u.id);
}
