import { Op } from "sequelize";
import { addDays, kathmanduDate } from "@lib/dates";
import { registrationIdsEndingFromSql } from "@modules/registration/index.server";
import { TrekkerCard } from "./card-model.server";

/**
 * The revocation list a checkpost keeps for offline scans (docs/adr/0021-offline-verifiable-cards.md):
 * the numbers of issued cards that may no longer pass whatever their signature says — cancelled,
 * returned, or whose trekker record was deleted, while the card is within its dates. Ended treks (Completed, Missed…) are not listed:
 * the card's own signed dates already tell an offline reader, and the server refuses them at sync.
 */
export type RevokedStatus = "Cancelled" | "Returned" | "Deleted";

export interface RevokedCard {
  cardNumber: number;
  status: RevokedStatus;
}

export async function revokedCards(now = new Date()): Promise<RevokedCard[]> {
  // Only cards still within their dates: a card past its signed valid-to date is refused offline
  // by that date alone, so listing it would only grow the list every device fetches, season
  // after season. A day's margin for a device clock or time zone behind Kathmandu's.
  const stillValid = registrationIdsEndingFromSql(addDays(kathmanduDate(now), -1));
  const rows = await TrekkerCard.findAll({
    where: {
      cardNumber: { [Op.ne]: null },
      registrationId: { [Op.in]: stillValid },
      [Op.or]: [{ status: { [Op.in]: ["Cancelled", "Returned"] } }, { deletedAt: { [Op.ne]: null } }],
    },
    attributes: ["cardNumber", "status", "deletedAt"],
    order: [["cardNumber", "ASC"]],
    raw: true,
  });
  return rows.map((r) => ({ cardNumber: r.cardNumber as number, status: r.deletedAt ? "Deleted" : (r.status as RevokedStatus) }));
}

/** Just the numbers (cancelled, returned and deleted cards), ascending. */
export async function revokedCardNumbers(now = new Date()): Promise<number[]> {
  return (await revokedCards(now)).map((c) => c.cardNumber);
}

/** The JSON the scan page caches: when it was made and the revoked cards. */
export async function revocationList(now = new Date()): Promise<{ generatedAt: string; cards: RevokedCard[] }> {
  return { generatedAt: now.toISOString(), cards: await revokedCards(now) };
}
