import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../db/sequelize.server";

/**
 * What the sales chalan (modules/chalan) asks payments about a registration's cards: did a
 * payment buy them (the registration has its bill: a settled gateway payment or an approved
 * voucher, settle.server.ts), and has that very payment been refunded since (a payment_refunds
 * row for the bill's attempt or voucher, due or refunded: either way the board gives the money
 * back, so the cards are no sale). A refund of another payment of the registration (a second,
 * duplicate one) leaves the bill's sale standing. Read-only; payment_refunds is read through its
 * registration index, bills through their unique registration.
 */
export type SaleState = "paid" | "refunded";

const REFUNDED_BILL = `EXISTS (SELECT 1 FROM payment_refunds r WHERE r.registrationId = b.registrationId
  AND ((b.attemptId IS NOT NULL AND r.attemptId = b.attemptId) OR (b.voucherId IS NOT NULL AND r.voucherId = b.voucherId)))`;

/** The sale state of each registration that has a bill; a registration without one is absent (nothing bought its cards). */
export async function saleStates(registrationIds: readonly number[], transaction?: Transaction): Promise<Map<number, SaleState>> {
  const ids = [...new Set(registrationIds)];
  const out = new Map<number, SaleState>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await sequelize.query<{ registrationId: number; refunded: number | string }>(
      `SELECT b.registrationId AS registrationId, CASE WHEN ${REFUNDED_BILL} THEN 1 ELSE 0 END AS refunded FROM bills b WHERE b.registrationId IN (:ids)`,
      { replacements: { ids: ids.slice(i, i + 500) }, type: QueryTypes.SELECT, transaction },
    );
    for (const r of rows) out.set(Number(r.registrationId), Number(r.refunded) === 1 ? "refunded" : "paid");
  }
  return out;
}

/** Every registration whose bill's payment has been refunded (few: cards are sold non-refundable). */
export async function refundedSaleRegistrations(transaction?: Transaction): Promise<number[]> {
  const rows = await sequelize.query<{ registrationId: number }>(
    `SELECT DISTINCT r.registrationId AS registrationId FROM payment_refunds r JOIN bills b ON b.registrationId = r.registrationId
      WHERE (b.attemptId IS NOT NULL AND r.attemptId = b.attemptId) OR (b.voucherId IS NOT NULL AND r.voucherId = b.voucherId)`,
    { type: QueryTypes.SELECT, transaction },
  );
  return rows.map((r) => Number(r.registrationId)).sort((a, b) => a - b);
}
