import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";

/**
 * What the sales chalan (modules/chalan) reads of issued cards: the card columns this module owns
 * (number, issue instant) with the registration's columns on the same row that price the card
 * (trekker type, nationality) and its owner (`registeredBy`, the registration's user). Cancelled,
 * returned or deleted cards are included: their sale happened. Read-only, through the index on
 * `issuedAt` (migration 2026112420-cards-issued-at).
 */
export interface IssuedCardRow {
  cardNumber: number;
  ownerId: number;
  trekkerType: number;
  nationality: number;
  issuedAt: Date;
}

/** Cards issued in [from, to), in card number order. */
export async function issuedCardsBetween(from: Date, to: Date): Promise<IssuedCardRow[]> {
  const rows = await sequelize.query<{ cardNumber: number; ownerId: number | null; trekkerType: number; nationality: number; issuedAt: Date | string }>(
    `SELECT t.cardNumber AS cardNumber, t.registeredBy AS ownerId, t.trekkerType AS trekkerType, t.nationality AS nationality, t.issuedAt AS issuedAt
       FROM trekkers t
      WHERE t.issuedAt >= :from AND t.issuedAt < :to AND t.cardNumber IS NOT NULL
      ORDER BY t.cardNumber`,
    { replacements: { from, to }, type: QueryTypes.SELECT },
  );
  return rows.map((r) => ({
    cardNumber: Number(r.cardNumber),
    ownerId: Number(r.ownerId ?? 0),
    trekkerType: Number(r.trekkerType),
    nationality: Number(r.nationality),
    issuedAt: r.issuedAt instanceof Date ? r.issuedAt : new Date(r.issuedAt),
  }));
}

/** The distinct owners (registrations' users) of cards issued in [from, to). */
export async function issuedCardOwnersBetween(from: Date, to: Date): Promise<number[]> {
  const rows = await sequelize.query<{ ownerId: number }>(
    "SELECT DISTINCT t.registeredBy AS ownerId FROM trekkers t WHERE t.issuedAt >= :from AND t.issuedAt < :to AND t.cardNumber IS NOT NULL AND t.registeredBy IS NOT NULL",
    { replacements: { from, to }, type: QueryTypes.SELECT },
  );
  return rows.map((r) => Number(r.ownerId));
}
