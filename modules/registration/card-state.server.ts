import { DataTypes, Model, Op, QueryTypes, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Transaction, type WhereOptions } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import { allocateCardNumbers } from "../cards/numbers.server";
import type { ReturnState } from "../cards/lifecycle";
import { Registration, Trekker } from "./models/registration.server";

/**
 * The rows the card lifecycle (modules/cards/lifecycle.server.ts) reads and writes. Only this
 * module touches registration tables; the cards module decides, this file stores. Every write
 * runs inside the caller's transaction and is conditional on the status the caller checked, so
 * two people acting on one card at once cannot both win.
 *
 * The lifecycle columns (migration 2026112270-cards-lifecycle) live on `trekkers` but are not on
 * the Trekker model; this second model over the same table carries them.
 */
class TrekkerCard extends Model<InferAttributes<TrekkerCard>, InferCreationAttributes<TrekkerCard>> {
  declare id: CreationOptional<number>;
  declare registrationId: number;
  declare fullName: string;
  declare status: string;
  declare cardNumber: number | null;
  declare deletedAt: Date | null;
  declare deleteRemarks: string | null;
  declare deletedBy: number | null;
  declare deletedIp: string | null;
  declare returnState: ReturnState | null;
  declare returnReason: string | null;
  declare returnRemarks: string | null;
  declare returnedAt: Date | null;
  declare returnDecidedAt: Date | null;
  declare cancelReason: string | null;
  declare cancelledAt: Date | null;
  declare updatedAt: CreationOptional<Date>;
}

TrekkerCard.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    registrationId: { type: DataTypes.INTEGER, allowNull: false },
    fullName: { type: DataTypes.STRING(150), allowNull: false },
    status: { type: DataTypes.STRING(30), allowNull: false },
    cardNumber: DataTypes.INTEGER,
    deletedAt: DataTypes.DATE,
    deleteRemarks: DataTypes.TEXT,
    deletedBy: DataTypes.INTEGER,
    deletedIp: DataTypes.STRING(64),
    returnState: DataTypes.STRING(20),
    returnReason: DataTypes.TEXT,
    returnRemarks: DataTypes.TEXT,
    returnedAt: DataTypes.DATE,
    returnDecidedAt: DataTypes.DATE,
    cancelReason: DataTypes.TEXT,
    cancelledAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "trekkers", modelName: "TrekkerCard", createdAt: false },
);

/** Where-clause fragment for trekkers that are not deleted records (lists, payments, history). */
export const LIVE_TREKKER_WHERE = { deletedAt: null } as const;

/** One card as the lifecycle sees it: the trekker row plus its registration's owner and dates. */
export interface CardRecord {
  trekkerId: number;
  registrationId: number;
  /** The user who registered the trek (agency, FIT or checkpost). */
  ownerId: number;
  fullName: string;
  status: string;
  cardNumber: number | null;
  returnState: ReturnState | null;
  deleted: boolean;
  entryDate: string;
  exitDate: string;
}

/**
 * The card of a trekker. Inside a transaction its registration and then the trekker row are
 * locked (MySQL) until it ends; always in that order, as generating cards does, so two moves on
 * one registration queue instead of deadlocking.
 */
export async function findCardRecord(trekkerId: number, transaction?: Transaction): Promise<CardRecord | null> {
  if (!Number.isSafeInteger(trekkerId) || trekkerId <= 0) return null;
  const lock = transaction ? transaction.LOCK.UPDATE : undefined;
  const ref = await TrekkerCard.findByPk(trekkerId, { transaction, attributes: ["id", "registrationId"] });
  if (!ref) return null;
  const reg = await Registration.findByPk(ref.registrationId, { transaction, lock, attributes: ["id", "userId", "entryDate", "exitDate"] });
  const t = await TrekkerCard.findByPk(trekkerId, { transaction, lock });
  if (!reg || !t) return null;
  return {
    trekkerId: t.id,
    registrationId: t.registrationId,
    ownerId: reg.userId,
    fullName: t.fullName,
    status: t.status,
    cardNumber: t.cardNumber ?? null,
    returnState: t.returnState ?? null,
    deleted: t.deletedAt !== null && t.deletedAt !== undefined,
    entryDate: reg.entryDate,
    exitDate: reg.exitDate,
  };
}

/** Lifecycle columns a move may write. */
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

/** The registration as the lifecycle needs it (locked inside a transaction on MySQL). */
export async function findRegistrationForCards(registrationId: number, transaction?: Transaction): Promise<{ id: number; userId: number; status: string; entryDate: string; exitDate: string } | null> {
  if (!Number.isSafeInteger(registrationId) || registrationId <= 0) return null;
  const reg = await Registration.findByPk(registrationId, { transaction, lock: transaction ? transaction.LOCK.UPDATE : undefined });
  return reg ? { id: reg.id, userId: reg.userId, status: reg.status, entryDate: reg.entryDate, exitDate: reg.exitDate } : null;
}

/** Live trekkers of a registration, oldest first. */
export async function liveCardsOf(registrationId: number, transaction?: Transaction): Promise<{ trekkerId: number; status: string; cardNumber: number | null }[]> {
  const rows = await TrekkerCard.findAll({
    where: { registrationId, deletedAt: { [Op.is]: null } },
    order: [["id", "ASC"]],
    transaction,
    lock: transaction ? transaction.LOCK.UPDATE : undefined,
  });
  return rows.map((t) => ({ trekkerId: t.id, status: t.status, cardNumber: t.cardNumber ?? null }));
}

/**
 * A deleted trekker no longer counts towards the price: like an edit, the deletion unlocks the
 * registration's price, so it is worked out afresh when payment starts again.
 */
export async function unlockPriceAfterDeletion(registrationId: number, transaction: Transaction): Promise<void> {
  await Registration.update({ totalPaisa: null, priceLockedAt: null }, { where: { id: registrationId }, transaction });
  await Trekker.update({ amountPaisa: null }, { where: { registrationId }, transaction });
}

/**
 * "Generate card": the registration's live trekkers in `fromStatuses` without a card get the
 * next card numbers (the one counter, so numbers stay unique and gap-free) and `status`, as a
 * payment would issue them, but with no bill. The registration takes `status` too.
 */
export async function issueCardsWithoutPayment(
  registrationId: number,
  fromStatuses: readonly string[],
  status: string,
  transaction: Transaction,
): Promise<{ trekkerId: number; cardNumber: number; fromStatus: string }[]> {
  const trekkers = await TrekkerCard.findAll({
    where: { registrationId, deletedAt: { [Op.is]: null }, cardNumber: { [Op.is]: null }, status: { [Op.in]: [...fromStatuses] } },
    order: [["id", "ASC"]],
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!trekkers.length) return [];
  const numbers = await allocateCardNumbers(trekkers.length, transaction);
  const issued: { trekkerId: number; cardNumber: number; fromStatus: string }[] = [];
  for (const [i, t] of trekkers.entries()) {
    const [count] = await TrekkerCard.update(
      { cardNumber: numbers[i], status },
      { where: { id: t.id, status: t.status, cardNumber: { [Op.is]: null }, deletedAt: { [Op.is]: null } }, transaction },
    );
    if (count !== 1) throw new Error(`Trekker ${t.id} changed while its card was being issued`);
    issued.push({ trekkerId: t.id, cardNumber: numbers[i], fromStatus: t.status });
  }
  await Registration.update({ status }, { where: { id: registrationId }, transaction });
  return issued;
}

/** A live card the daily sweeper must move today. */
export interface SweepCandidate {
  trekkerId: number;
  registrationId: number;
  status: string;
  entryDate: string;
  exitDate: string;
}

/**
 * Up to `limit` live cards after `afterId` that are due on `today`: Upcoming whose entry date has
 * come, or Active whose exit date has passed. The candidates are found without locks, then only
 * their trekker rows are locked (MySQL) and re-read, so the status returned is the current one
 * and the sweep never holds registration rows while waiting for a trekker.
 */
export async function cardsDueForSweep(today: string, afterId: number, limit: number, transaction: Transaction): Promise<SweepCandidate[]> {
  const found = await sequelize.query<{ id: number }>(
    "SELECT t.id AS id FROM trekkers t JOIN registrations r ON r.id = t.registrationId " +
      "WHERE t.deletedAt IS NULL AND t.id > ? AND ((t.status = 'Upcoming' AND r.entryDate <= ?) OR (t.status = 'Active' AND r.exitDate < ?)) " +
      `ORDER BY t.id LIMIT ${Math.max(1, Math.floor(limit))}`,
    { replacements: [afterId, today, today], type: QueryTypes.SELECT, transaction },
  );
  if (!found.length) return [];
  const rows = await TrekkerCard.findAll({
    where: { id: { [Op.in]: found.map((r) => Number(r.id)) }, status: { [Op.in]: ["Upcoming", "Active"] }, deletedAt: { [Op.is]: null } },
    attributes: ["id", "registrationId", "status"],
    order: [["id", "ASC"]],
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!rows.length) return [];
  const regs = await Registration.findAll({ where: { id: [...new Set(rows.map((r) => r.registrationId))] }, attributes: ["id", "entryDate", "exitDate"], transaction });
  const byId = new Map(regs.map((r) => [r.id, r]));
  return rows.map((r) => {
    const reg = byId.get(r.registrationId)!;
    return { trekkerId: r.id, registrationId: r.registrationId, status: r.status, entryDate: reg.entryDate, exitDate: reg.exitDate };
  });
}

/** Moves live cards from one status to another; returns how many moved. */
export async function moveCards(trekkerIds: readonly number[], from: string, to: string, transaction: Transaction): Promise<number> {
  if (!trekkerIds.length) return 0;
  const [count] = await TrekkerCard.update({ status: to }, { where: { id: { [Op.in]: [...trekkerIds] }, status: from, deletedAt: { [Op.is]: null } }, transaction });
  return count;
}

/**
 * A paid registration's own status follows its dates as its cards do: Upcoming → Active on the
 * entry date; after the exit date Completed if any of its cards was completed, else Missed.
 * Returns the number of status changes (a registration activated and finished in one run
 * counts twice).
 */
export async function sweepRegistrationStatuses(today: string, transaction: Transaction): Promise<number> {
  // Found with plain reads, then changed by id: the UPDATEs lock only the rows they change.
  const starting = await Registration.findAll({ where: { status: "Upcoming", entryDate: { [Op.lte]: today } }, attributes: ["id"], transaction });
  let changed = 0;
  if (starting.length) {
    changed += (await Registration.update({ status: "Active" }, { where: { id: { [Op.in]: starting.map((r) => r.id) }, status: "Upcoming" }, transaction }))[0];
  }
  const over = await Registration.findAll({ where: { status: "Active", exitDate: { [Op.lt]: today } }, attributes: ["id"], transaction });
  if (over.length) {
    const ids = over.map((r) => r.id);
    const completed = await TrekkerCard.findAll({ where: { registrationId: { [Op.in]: ids }, status: "Completed", deletedAt: { [Op.is]: null } }, attributes: ["registrationId"], transaction });
    const done = new Set(completed.map((t) => t.registrationId));
    const completedIds = ids.filter((id) => done.has(id));
    const missedIds = ids.filter((id) => !done.has(id));
    if (completedIds.length) changed += (await Registration.update({ status: "Completed" }, { where: { id: { [Op.in]: completedIds }, status: "Active" }, transaction }))[0];
    if (missedIds.length) changed += (await Registration.update({ status: "Missed" }, { where: { id: { [Op.in]: missedIds }, status: "Active" }, transaction }))[0];
  }
  return changed;
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
      },
    ]),
  );
}
