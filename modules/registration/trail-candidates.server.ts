import { QueryTypes, type Transaction } from "sequelize";
import { isoDay } from "../../db/select-arrays.server";
import { sequelize } from "../../db/sequelize.server";

/**
 * Live trekkers whose trek dates fall in a window, for the overdue job (modules/overdue): the
 * registration owns the trekker rows and the dates, so the query lives here; the card statuses
 * are passed in by the caller and only read (docs/adr/0005-cards-own-the-card.md), as the
 * daily sweep does.
 */
export interface TrekDateQuery {
  /** Card statuses the trekker must be in. */
  statuses: readonly string[];
  /** Which date of the trek the window applies to. */
  by: "entryDate" | "exitDate";
  /** Inclusive lower bound (YYYY-MM-DD). */
  from: string;
  /** Exclusive upper bound (YYYY-MM-DD). */
  before: string;
  afterId: number;
  limit: number;
}

export interface TrekOnTrail {
  trekkerId: number;
  registrationId: number;
  fullName: string;
  cardNumber: number | null;
  /** The user who registered the trek, and their type. */
  ownerId: number;
  ownerType: number;
  routeName: string;
  entryDate: string;
  exitDate: string;
}

/** Up to `limit` live trekkers after `afterId` (ascending), in one of `statuses`, whose `by` date is in [from, before). */
export async function treksByDate(q: TrekDateQuery, transaction?: Transaction): Promise<TrekOnTrail[]> {
  if (!q.statuses.length) return [];
  const column = q.by === "entryDate" ? "r.entryDate" : "r.exitDate";
  const rows = await sequelize.query<Record<string, unknown>>(
    "SELECT t.id AS trekkerId, t.registrationId AS registrationId, t.fullName AS fullName, t.cardNumber AS cardNumber, " +
      "r.userId AS ownerId, r.userType AS ownerType, r.routeName AS routeName, r.entryDate AS entryDate, r.exitDate AS exitDate " +
      "FROM trekkers t JOIN registrations r ON r.id = t.registrationId " +
      `WHERE t.status IN (${q.statuses.map(() => "?").join(", ")}) AND t.deletedAt IS NULL AND t.id > ? AND ${column} >= ? AND ${column} < ? ` +
      `ORDER BY t.id LIMIT ${Math.max(1, Math.floor(q.limit))}`,
    { replacements: [...q.statuses, q.afterId, q.from, q.before], type: QueryTypes.SELECT, transaction },
  );
  return rows.map((r) => ({
    trekkerId: Number(r.trekkerId),
    registrationId: Number(r.registrationId),
    fullName: String(r.fullName),
    cardNumber: r.cardNumber === null || r.cardNumber === undefined ? null : Number(r.cardNumber),
    ownerId: Number(r.ownerId),
    ownerType: Number(r.ownerType),
    routeName: String(r.routeName),
    entryDate: isoDay(r.entryDate),
    exitDate: isoDay(r.exitDate),
  }));
}
