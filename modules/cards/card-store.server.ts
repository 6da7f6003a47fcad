import { Op, type Transaction, type WhereOptions } from "sequelize";
import { registrationForCards } from "@modules/registration/index.server";
import { TrekkerCard } from "./card-model.server";
import type { ReturnState } from "./lifecycle";
import { allocateCardNumbers } from "./numbers.server";

/**
 * Reads and writes of the card columns for the lifecycle (lifecycle.server.ts, issue.server.ts,
 * sweeper.server.ts). Every write runs inside the caller's transaction and is conditional on the
 * status the caller checked, so two people acting on one card at once cannot both win.
 */

/** One card as the lifecycle sees it: the card columns plus its registration's owner and dates. */
export interface CardRecord {
  trekkerId: number;
  registrationId: number;
  /** The user who registered the trek (agency, FIT or checkpost). */
  ownerId: number;
  ownerType: number;
  fullName: string;
  status: string;
  cardNumber: number | null;
  returnState: ReturnState | null;
  deleted: boolean;
  entryDate: string;
  exitDate: string;
  /** The trek's route (trekking area): a checkpoint off it warns before it records (issue 26). */
  routeId: number;
  routeName: string;
}

/**
 * The card of a trekker. Inside a transaction its registration and then the trekker row are
 * locked (MySQL) until it ends; always in that order, as issuing cards does, so two moves on one
 * registration queue instead of deadlocking. `registrationLock: "share"` for a caller that never
 * writes the registration (a check-in): see registrationForCards.
 */
export async function findCardRecord(
  trekkerId: number,
  transaction?: Transaction,
  registrationLock: "update" | "share" = "update",
): Promise<CardRecord | null> {
  if (!Number.isSafeInteger(trekkerId) || trekkerId <= 0) return null;
  const ref = await TrekkerCard.findByPk(trekkerId, { transaction, attributes: ["id", "registrationId"] });
  if (!ref) return null;
  const reg = await registrationForCards(ref.registrationId, transaction, registrationLock);
  const t = await TrekkerCard.findByPk(trekkerId, { transaction, lock: transaction ? transaction.LOCK.UPDATE : undefined });
  if (!reg || !t) return null;
  return {
    trekkerId: t.id,
    registrationId: t.registrationId,
    ownerId: reg.userId,
    ownerType: reg.userType,
    fullName: t.fullName,
    status: t.status,
    cardNumber: t.cardNumber ?? null,
    returnState: t.returnState ?? null,
    deleted: t.deletedAt !== null && t.deletedAt !== undefined,
    entryDate: reg.entryDate,
    exitDate: reg.exitDate,
    routeId: reg.routeId,
    routeName: reg.routeName,
  };
}

/** Card columns a move may write. */
export interface CardPatch {
  status?: string;
  returnState?: ReturnState | null;
  returnReason?: string | null;
  returnRemarks?: string | null;
  returnedAt?: Date | null;
  returnDecidedAt?: Date | null;
  cancelReason?: string | null;
  cancelledAt?: Date | null;
  deletedAt?: Date | null;
  deleteRemarks?: string | null;
  deletedBy?: number | null;
  deletedIp?: string | null;
}

/**
 * Writes `patch` only if the card is still live, in `expected.status` (and return state, when
 * given). False when someone else changed it first.
 */
export async function changeCardRecord(
  trekkerId: number,
  expected: { status: string; returnState?: ReturnState | null },
  patch: CardPatch,
  transaction: Transaction,
): Promise<boolean> {
  const where: WhereOptions = { id: trekkerId, status: expected.status, deletedAt: { [Op.is]: null } };
  if (expected.returnState !== undefined) Object.assign(where, { returnState: expected.returnState === null ? { [Op.is]: null } : expected.returnState });
  const [count] = await TrekkerCard.update(patch, { where, transaction });
  return count === 1;
}

/** Live cards of a registration, oldest first (locked inside a transaction on MySQL). */
export async function liveCardsOf(
  registrationId: number,
  transaction?: Transaction,
): Promise<{ trekkerId: number; status: string; cardNumber: number | null }[]> {
  const rows = await TrekkerCard.findAll({
    where: { registrationId, deletedAt: { [Op.is]: null } },
    order: [["id", "ASC"]],
    transaction,
    lock: transaction ? transaction.LOCK.UPDATE : undefined,
  });
  return rows.map((t) => ({ trekkerId: t.id, status: t.status, cardNumber: t.cardNumber ?? null }));
}

/**
 * Live cards of a registration without a number, in one of `fromStatuses`, locked, oldest first.
 * The registration's trekkers are found without locks, then locked by primary key (the caller
 * holds the registration's lock, so the set cannot grow meanwhile) and the conditions checked on
 * the locked rows. A locking read over the secondary indexes instead took next-key locks reaching
 * into the neighbouring registration's rows, and concurrent payments deadlocked on MySQL.
 */
export async function unissuedCardsOf(
  registrationId: number,
  fromStatuses: readonly string[],
  transaction: Transaction,
): Promise<{ trekkerId: number; status: string }[]> {
  const ids = (await TrekkerCard.findAll({ where: { registrationId }, attributes: ["id"], transaction })).map((t) => t.id);
  if (!ids.length) return [];
  const rows = await TrekkerCard.findAll({
    where: { id: { [Op.in]: ids }, registrationId, deletedAt: { [Op.is]: null }, cardNumber: { [Op.is]: null }, status: { [Op.in]: [...fromStatuses] } },
    attributes: ["id", "status"],
    order: [["id", "ASC"]],
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  return rows.map((t) => ({ trekkerId: t.id, status: t.status }));
}

/**
 * Gives each card the next number from the one counter (so numbers stay unique and gap-free)
 * and `status`. Each write is conditional on the status read; a card that changed meanwhile
 * throws and rolls the whole issue back. The statuses first, then the counter and every number
 * in one statement: the counter row is locked by every issue until its commit, so the less
 * that follows it, the less the next payment waits (ADR 0052, ADR 0055).
 */
export async function numberCards(cards: readonly { trekkerId: number; status: string }[], status: string, transaction: Transaction): Promise<number[]> {
  if (!cards.length) return [];
  const issuedAt = new Date();
  const byStatus = new Map<string, number[]>();
  for (const c of cards) byStatus.set(c.status, [...(byStatus.get(c.status) ?? []), c.trekkerId]);
  for (const [from, ids] of byStatus) {
    const [count] = await TrekkerCard.update(
      { status, issuedAt },
      { where: { id: { [Op.in]: ids }, status: from, cardNumber: { [Op.is]: null }, deletedAt: { [Op.is]: null } }, transaction },
    );
    if (count !== ids.length) throw new Error(`A card of trekkers ${ids.join(", ")} changed while it was being issued`);
  }
  const numbers = await allocateCardNumbers(cards.length, transaction);
  const cases = cards.map(() => "WHEN ? THEN ?").join(" ");
  const table = TrekkerCard.getTableName() as string;
  await TrekkerCard.sequelize!.query(`UPDATE ${table} SET cardNumber = CASE id ${cases} END WHERE id IN (?)`, {
    replacements: [...cards.flatMap((c, i) => [c.trekkerId, numbers[i]]), cards.map((c) => c.trekkerId)],
    transaction,
  });
  return numbers;
}

/** Moves live cards from one status to another; returns how many moved. */
export async function moveCards(trekkerIds: readonly number[], from: string, to: string, transaction: Transaction): Promise<number> {
  if (!trekkerIds.length) return 0;
  const [count] = await TrekkerCard.update(
    { status: to },
    { where: { id: { [Op.in]: [...trekkerIds] }, status: from, deletedAt: { [Op.is]: null } }, transaction },
  );
  return count;
}

/** Live cards by id in one of `statuses`, locked (MySQL), oldest first. */
export async function lockLiveCards(
  trekkerIds: readonly number[],
  statuses: readonly string[],
  transaction: Transaction,
): Promise<{ trekkerId: number; registrationId: number; status: string }[]> {
  if (!trekkerIds.length) return [];
  const rows = await TrekkerCard.findAll({
    where: { id: { [Op.in]: [...trekkerIds] }, status: { [Op.in]: [...statuses] }, deletedAt: { [Op.is]: null } },
    attributes: ["id", "registrationId", "status"],
    order: [["id", "ASC"]],
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  return rows.map((r) => ({ trekkerId: r.id, registrationId: r.registrationId, status: r.status }));
}

/** Which of these registrations have a live card in `status` (the sweep: Completed). */
export async function registrationsWithCardIn(status: string, registrationIds: readonly number[], transaction?: Transaction): Promise<ReadonlySet<number>> {
  if (!registrationIds.length) return new Set();
  const rows = await TrekkerCard.findAll({
    where: { registrationId: { [Op.in]: [...registrationIds] }, status, deletedAt: { [Op.is]: null } },
    attributes: ["registrationId"],
    transaction,
  });
  return new Set(rows.map((t) => t.registrationId));
}

/** Lifecycle fields of trekkers, for pages (deleted records, return requests, cancel reason). */
export interface CardLifecycleFields {
  trekkerId: number;
  status: string;
  cardNumber: number | null;
  deletedAt: Date | null;
  deleteRemarks: string | null;
  deletedBy: number | null;
  deletedIp: string | null;
  /** The spec's IsCardReturned: a return was asked for and not refused. */
  isCardReturned: boolean;
  returnState: ReturnState | null;
  returnReason: string | null;
  returnRemarks: string | null;
  returnedAt: Date | null;
  returnDecidedAt: Date | null;
  cancelReason: string | null;
  cancelledAt: Date | null;
  /** When the card got its number (the payment or generate that issued it). */
  issuedAt: Date | null;
  /** When the card columns last changed. */
  updatedAt: Date;
}

export async function cardLifecycleFields(trekkerIds: readonly number[]): Promise<Map<number, CardLifecycleFields>> {
  const ids = trekkerIds.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (!ids.length) return new Map();
  const rows = await TrekkerCard.findAll({ where: { id: { [Op.in]: ids } } });
  return new Map(
    rows.map((t) => [
      t.id,
      {
        trekkerId: t.id,
        status: t.status,
        cardNumber: t.cardNumber ?? null,
        deletedAt: t.deletedAt ?? null,
        deleteRemarks: t.deleteRemarks ?? null,
        deletedBy: t.deletedBy ?? null,
        deletedIp: t.deletedIp ?? null,
        isCardReturned: t.returnState === "requested" || t.returnState === "approved",
        returnState: t.returnState ?? null,
        returnReason: t.returnReason ?? null,
        returnRemarks: t.returnRemarks ?? null,
        returnedAt: t.returnedAt ?? null,
        returnDecidedAt: t.returnDecidedAt ?? null,
        cancelReason: t.cancelReason ?? null,
        cancelledAt: t.cancelledAt ?? null,
        issuedAt: t.issuedAt ?? null,
        updatedAt: t.updatedAt,
      },
    ]),
  );
}
