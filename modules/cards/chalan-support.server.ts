import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import { utcDate } from "../../db/select-arrays.server";

/**
 * What the sales chalan (modules/chalan) reads of issued cards: the card columns this module owns
 * (number, issue instant, and whether Generate Card made it) with the registration's columns on
 * the same row that price the card (trekker type, nationality), its owner (`registeredBy`, the
 * registration's user) and its registration (whose payment the payments module knows).
 * Cancelled, returned or deleted cards are included: their sale happened. Read-only, through the
 * index on `issuedAt` (migration 2026112420-cards-issued-at) or on the registration.
 */
export interface IssuedCardRow {
  cardNumber: number;
  ownerId: number;
  registrationId: number;
  trekkerType: number;
  nationality: number;
  issuedAt: Date;
  /**
   * Made by Generate Card (its card_events row is a "generate" move), not bought by a payment's
   * "issue" move: no sale, whatever else the registration has.
   */
  generated: boolean;
}

type Raw = {
  cardNumber: number;
  ownerId: number | null;
  registrationId: number;
  trekkerType: number;
  nationality: number;
  issuedAt: Date | string;
  generated: number | string | boolean | null;
};

// card_events is read by its (trekkerId, id) index: a card has a handful of events.
const COLUMNS = `t.cardNumber AS cardNumber, t.registeredBy AS ownerId, t.registrationId AS registrationId, t.trekkerType AS trekkerType,
  t.nationality AS nationality, t.issuedAt AS issuedAt,
  CASE WHEN EXISTS (SELECT 1 FROM card_events e WHERE e.trekkerId = t.id AND e.action = 'generate') THEN 1 ELSE 0 END AS generated`;

const toRow = (r: Raw): IssuedCardRow => ({
  cardNumber: Number(r.cardNumber),
  ownerId: Number(r.ownerId ?? 0),
  registrationId: Number(r.registrationId),
  trekkerType: Number(r.trekkerType),
  nationality: Number(r.nationality),
  // SQLite hands back the text Sequelize stored ("… +00:00"), MariaDB a Date.
  issuedAt: utcDate(r.issuedAt)!,
  generated: Number(r.generated) === 1,
});

/** Cards issued in [from, to), in card number order. */
export async function issuedCardsBetween(from: Date, to: Date): Promise<IssuedCardRow[]> {
  const rows = await sequelize.query<Raw>(
    `SELECT ${COLUMNS} FROM trekkers t WHERE t.issuedAt >= :from AND t.issuedAt < :to AND t.cardNumber IS NOT NULL ORDER BY t.cardNumber`,
    {
      replacements: { from, to },
      type: QueryTypes.SELECT,
    },
  );
  return rows.map(toRow);
}

/** The issued cards of these registrations, in card number order (the chalan's refunded sales). */
export async function issuedCardsOfRegistrations(registrationIds: readonly number[]): Promise<IssuedCardRow[]> {
  const out: IssuedCardRow[] = [];
  const ids = [...new Set(registrationIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await sequelize.query<Raw>(`SELECT ${COLUMNS} FROM trekkers t WHERE t.registrationId IN (:ids) AND t.cardNumber IS NOT NULL`, {
      replacements: { ids: ids.slice(i, i + 500) },
      type: QueryTypes.SELECT,
    });
    out.push(...rows.map(toRow));
  }
  return out.sort((a, b) => a.cardNumber - b.cardNumber);
}

/** The distinct owners (registrations' users) of cards issued in [from, to). */
export async function issuedCardOwnersBetween(from: Date, to: Date): Promise<number[]> {
  const rows = await sequelize.query<{ ownerId: number }>(
    "SELECT DISTINCT t.registeredBy AS ownerId FROM trekkers t WHERE t.issuedAt >= :from AND t.issuedAt < :to AND t.cardNumber IS NOT NULL AND t.registeredBy IS NOT NULL",
    { replacements: { from, to }, type: QueryTypes.SELECT },
  );
  return rows.map((r) => Number(r.ownerId));
}
