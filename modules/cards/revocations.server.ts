import { Op } from "sequelize";
import { TrekkerCard } from "./card-model.server";

/**
 * The revocation list a checkpost keeps for offline scans (docs/adr/0021-offline-verifiable-cards.md):
 * the numbers of issued cards that may no longer pass whatever their signature says — cancelled,
 * returned, or whose trekker record was deleted. Ended treks (Completed, Missed…) are not listed:
 * the card's own signed dates already tell an offline reader, and the server refuses them at sync.
 */
export type RevokedStatus = "Cancelled" | "Returned" | "Deleted";

export interface RevokedCard {
  cardNumber: number;
  status: RevokedStatus;
}

export async function revokedCards(): Promise<RevokedCard[]> {
  const rows = await TrekkerCard.findAll({
    where: { cardNumber: { [Op.ne]: null }, [Op.or]: [{ status: { [Op.in]: ["Cancelled", "Returned"] } }, { deletedAt: { [Op.ne]: null } }] },
    attributes: ["cardNumber", "status", "deletedAt"],
    order: [["cardNumber", "ASC"]],
    raw: true,
  });
  return rows.map((r) => ({ cardNumber: r.cardNumber as number, status: r.deletedAt ? "Deleted" : (r.status as RevokedStatus) }));
}

/** Just the numbers (cancelled, returned and deleted cards), ascending. */
export async function revokedCardNumbers(): Promise<number[]> {
  return (await revokedCards()).map((c) => c.cardNumber);
}

/** The JSON the scan page caches: when it was made and the revoked cards. */
export async function revocationList(now = new Date()): Promise<{ generatedAt: string; cards: RevokedCard[] }> {
  return { generatedAt: now.toISOString(), cards: await revokedCards() };
}
