import { Op, type Transaction } from "sequelize";
import { TrekkerCard } from "./card-model.server";
import { CardEvent, logCardEvents } from "./card-events.server";
import { findCardRecord, moveCards, type CardRecord } from "./card-store.server";
import { CARD_TRANSITIONS } from "./lifecycle";
import { isCardQr } from "./card-qr";
import { verifyCardQr, verifyQrPayload } from "./qr-signing.server";

/**
 * What the check-ins module needs of cards, and nothing more: find a card by its printed number,
 * read (and lock) a card for a check-in, and the one move a check-in makes, Upcoming → Active at
 * the first check-in (the "activate" move of the table, logged like the sweep's).
 */

/** The trekker (card) id printed as this card number, or null. */
export async function trekkerIdByCardNumber(cardNumber: number): Promise<number | null> {
  if (!Number.isSafeInteger(cardNumber) || cardNumber <= 0) return null;
  const row = await TrekkerCard.findOne({ where: { cardNumber }, attributes: ["id"] });
  return row?.id ?? null;
}

/**
 * The card with its trek dates, locked for the rest of `transaction` (MySQL): the trekker row for
 * update, its registration shared. A check-in writes the card (its first one activates it) but
 * never the registration; with the registration locked for update, the scans of one group's cards
 * (a checkpost scanning a group, a device's batch holding twenty) queued behind each other, the
 * peak-hour bench's most seen row-lock wait.
 */
export function cardForCheckin(trekkerId: number, transaction?: Transaction): Promise<CardRecord | null> {
  return findCardRecord(trekkerId, transaction, "share");
}

/**
 * The card's status at a past moment (a scan kept offline, sent later): the status its last move
 * at or before `at` left it in, or null when it had made none (not issued then). The ledger's
 * checkin-on-valid-card rule reads a check-in's moment the same way.
 */
export async function cardStatusAt(trekkerId: number, at: Date, transaction?: Transaction): Promise<string | null> {
  const last = await CardEvent.findOne({
    where: { trekkerId, createdAt: { [Op.lte]: at } },
    order: [
      ["createdAt", "DESC"],
      ["id", "DESC"],
    ],
    attributes: ["toStatus"],
    transaction,
  });
  return last?.toStatus ?? null;
}

/** Upcoming → Active on the first check-in, in the check-in's transaction; false if not Upcoming. */
export async function activateOnCheckin(
  card: Pick<CardRecord, "trekkerId" | "registrationId" | "status">,
  by: number | null,
  transaction: Transaction,
): Promise<boolean> {
  if (!(CARD_TRANSITIONS.activate.from as readonly string[]).includes(card.status)) return false;
  const moved = await moveCards([card.trekkerId], card.status, "Active", transaction);
  if (moved !== 1) return false;
  await logCardEvents(
    [
      {
        trekkerId: card.trekkerId,
        registrationId: card.registrationId,
        action: "activate",
        fromStatus: card.status,
        toStatus: "Active",
        reason: "First check-in",
        userId: by,
        ip: null,
      },
    ],
    transaction,
  );
  return true;
}

/**
 * The card a scanned QR text names, if one of our keys signed it: a first-format code by its
 * signed ids (the card must still belong to that registration), a card-claims code by its card
 * number. Null for anything else ("Invalid QR Code").
 */
export async function cardOfScannedQr(text: string): Promise<{ trekkerId: number; registrationId?: number } | null> {
  if (!isCardQr(text)) return verifyQrPayload(text);
  const claims = verifyCardQr(text);
  const trekkerId = claims ? await trekkerIdByCardNumber(claims.cardNumber) : null;
  return trekkerId ? { trekkerId } : null;
}
