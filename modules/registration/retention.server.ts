import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../db/sequelize.server";

/**
 * The registration module's half of the retention rule (issue 31 item 5; the rule and the job
 * are modules/privacy's): which trekkers are due, and erasing their personal fields in the
 * caller's transaction. What stays and why: docs/decisions.md, "Personal data kept only as long
 * as needed".
 */

/** A trekker whose trek ended before the cut-off and whose personal data is still held. */
export interface DueTrekker {
  id: number;
  photoKey: string;
}

/**
 * The next `limit` due trekkers after `afterId`, by primary key: trekkers (an agency's deleted
 * ones too) of registrations whose exit date is before `cutoff` (YYYY-MM-DD), not yet erased.
 * A plain read: nothing is locked between batches (ADR 0041).
 */
export async function trekkersDueForErasure(cutoff: string, afterId: number, limit: number): Promise<DueTrekker[]> {
  const rows = await sequelize.query<{ id: number; photoKey: string }>(
    `SELECT t.id AS id, t.photoKey AS photoKey FROM trekkers t JOIN registrations r ON r.id = t.registrationId
      WHERE r.exitDate < ? AND t.personalDataErasedAt IS NULL AND t.id > ? ORDER BY t.id LIMIT ${Math.max(1, Math.floor(limit))}`,
    { replacements: [cutoff, afterId], type: QueryTypes.SELECT },
  );
  return rows.map((r) => ({ id: Number(r.id), photoKey: String(r.photoKey ?? "") }));
}

/**
 * Erases the personal fields of these trekkers in `transaction` and returns how many rows it
 * changed. Kept: the name (and so its search tokens), nationality, type, gender, the card
 * columns, the amount and the trek. The date of birth keeps its year only (the column is NOT NULL
 * and age groups stay countable); the photo key is emptied (the caller deletes the file after the
 * commit). A row already erased is left alone, so a second run changes nothing. Followers' e-mails
 * go too: a follower is contact data of the trekker's family.
 */
export async function erasePersonalData(ids: readonly number[], erasedAt: Date, transaction: Transaction): Promise<number> {
  if (!ids.length) return 0;
  const list = ids.map(Number).join(", ");
  const yearStart = sequelize.getDialect() === "sqlite" ? "substr(dob, 1, 4) || '-01-01'" : "CONCAT(LEFT(dob, 4), '-01-01')";
  // Counted first in the same transaction: the drivers report an UPDATE's changed rows differently.
  const [{ n }] = await sequelize.query<{ n: number }>(`SELECT COUNT(*) AS n FROM trekkers WHERE id IN (${list}) AND personalDataErasedAt IS NULL`, {
    type: QueryTypes.SELECT,
    transaction,
  });
  await sequelize.query(
    `UPDATE trekkers SET photoKey = '', dob = ${yearStart}, email = '', passportNumber = '', city = '',
       visaNumber = NULL, visaIssueDate = NULL, visaExpiryDate = NULL,
       nepalContactPerson = NULL, nepalOrganization = NULL, nepalMobile = NULL, nepalAddress = NULL,
       homeContactPerson = NULL, homeCity = NULL, homeMobile = NULL, homeAddress = NULL,
       insuranceCompany = NULL, policyNumber = NULL, policyType = '',
       guideName = NULL, guideLicense = NULL, guideContact = NULL, otherSupportStaff = NULL,
       personalDataErasedAt = ?
     WHERE id IN (${list}) AND personalDataErasedAt IS NULL`,
    { replacements: [erasedAt], transaction },
  );
  await sequelize.query(`UPDATE trek_followers SET email = '', revokedAt = COALESCE(revokedAt, ?) WHERE trekkerId IN (${list})`, {
    replacements: [erasedAt],
    transaction,
  });
  return Number(n);
}
