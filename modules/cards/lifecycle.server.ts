import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Transaction } from "sequelize";
import { kathmanduDate } from "../../app/utils/dates";
import { sequelize, writeTransaction } from "../../db/sequelize.server";
import { getQueue } from "../../jobs/queue.server";
import {
  changeCardRecord,
  findCardRecord,
  findRegistrationForCards,
  issueCardsWithoutPayment,
  liveCardsOf,
  unlockPriceAfterDeletion,
  type CardPatch,
  type CardRecord,
} from "../registration/card-state.server";
import type { PermissionHolder } from "../users/permission-table";
import {
  CARD_TRANSITIONS,
  CardNotFoundError,
  CardPermissionError,
  CardTransitionError,
  checkReason,
  issueStatus,
  mayAct,
  nextStatus,
  ruleOf,
  transitionRefusal,
  type CardAction,
  type CardStatus,
} from "./lifecycle";

/**
 * The card lifecycle service: every user move on a card goes through here. Each one checks the
 * permission, loads and locks the card, checks the row (own registrations where the table says
 * so), asks the table (lifecycle.ts) whether the move is allowed, writes conditionally and logs
 * the move in card_events, all in one transaction.
 */

/** One logged move of a card (also the daily sweeper's moves, with no user). */
export class CardEvent extends Model<InferAttributes<CardEvent>, InferCreationAttributes<CardEvent>> {
  declare id: CreationOptional<number>;
  declare trekkerId: number;
  declare registrationId: number;
  declare action: string;
  declare fromStatus: string;
  declare toStatus: string;
  declare reason: string | null;
  declare userId: number | null;
  declare ip: string | null;
  declare createdAt: CreationOptional<Date>;
}

CardEvent.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    trekkerId: { type: DataTypes.INTEGER, allowNull: false },
    registrationId: { type: DataTypes.INTEGER, allowNull: false },
    action: { type: DataTypes.STRING(30), allowNull: false },
    fromStatus: { type: DataTypes.STRING(30), allowNull: false },
    toStatus: { type: DataTypes.STRING(30), allowNull: false },
    reason: DataTypes.TEXT,
    userId: DataTypes.INTEGER,
    ip: DataTypes.STRING(64),
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "card_events", updatedAt: false },
);

export type CardEventInput = Omit<InferCreationAttributes<CardEvent>, "id" | "createdAt">;

export async function logCardEvents(events: readonly CardEventInput[], transaction: Transaction): Promise<void> {
  if (events.length) await CardEvent.bulkCreate(events.map((e) => ({ ...e })), { transaction });
}

export interface CardEventView {
  id: number;
  action: CardAction | string;
  fromStatus: string;
  toStatus: string;
  reason: string | null;
  userId: number | null;
  ip: string | null;
  createdAt: Date;
}

/** A card's history, oldest first. */
export async function cardEvents(trekkerId: number): Promise<CardEventView[]> {
  const rows = await CardEvent.findAll({ where: { trekkerId }, order: [["id", "ASC"]] });
  return rows.map((e) => ({ id: e.id, action: e.action, fromStatus: e.fromStatus, toStatus: e.toStatus, reason: e.reason ?? null, userId: e.userId ?? null, ip: e.ip ?? null, createdAt: e.createdAt }));
}

/**
 * Which of these trekkers have been scanned at a checkpoint ("has check-ins"). There is no
 * check-in table yet, so the default says none; the check-in module installs the real lookup
 * with setCheckinLookup() at start-up, and tests pass their own per call.
 */
export type CheckinLookup = (trekkerIds: readonly number[], transaction?: Transaction) => Promise<ReadonlySet<number>>;
export const noCheckins: CheckinLookup = async () => new Set<number>();
let installedCheckins: CheckinLookup = noCheckins;

export function setCheckinLookup(lookup: CheckinLookup | null): void {
  installedCheckins = lookup ?? noCheckins;
}
export function checkinLookup(): CheckinLookup {
  return installedCheckins;
}

/** The signed-in user acting (AuthUser fits). */
export type CardActor = PermissionHolder & { id: number };

export interface CardActionOptions {
  /** The client's address, kept with deletions and in the log (clientAddress(request)). */
  ip?: string | null;
  /** YYYY-MM-DD in Nepal; defaults to today there. */
  today?: string;
  hasCheckins?: CheckinLookup;
}

export interface CardTransitionResult {
  action: CardAction;
  trekkerId: number;
  registrationId: number;
  fromStatus: CardStatus;
  toStatus: CardStatus;
  /** The spec's success notice for a toast. */
  message: string;
}

export type CardMove = "cancel" | "delete" | "return" | "approveReturn" | "rejectReturn";

/** What each move writes besides the status. */
const PATCHES: Record<CardMove, (input: { to: CardStatus; reason: string | null; actor: CardActor; ip: string | null; now: Date }) => CardPatch> = {
  cancel: ({ to, reason, now }) => ({ status: to, cancelReason: reason, cancelledAt: now }),
  delete: ({ reason, actor, ip, now }) => ({ deletedAt: now, deleteRemarks: reason, deletedBy: actor.id, deletedIp: ip }),
  return: ({ to, reason, now }) => ({ status: to, returnState: "requested", returnReason: reason, returnRemarks: null, returnedAt: now, returnDecidedAt: null }),
  approveReturn: ({ to, reason, now }) => ({ status: to, returnState: "approved", returnRemarks: reason, returnDecidedAt: now }),
  rejectReturn: ({ to, reason, now }) => ({ status: to, returnState: "rejected", returnRemarks: reason, returnDecidedAt: now }),
};

function requirePermission(actor: CardActor | null | undefined, action: CardAction): asserts actor is CardActor {
  if (mayAct(actor, action) === "forbidden") throw new CardPermissionError(action);
}

function todayOf(opts: CardActionOptions): string {
  return opts.today ?? kathmanduDate();
}

async function moveCard(actor: CardActor, action: CardMove, trekkerId: number, reasonInput: string | null | undefined, opts: CardActionOptions): Promise<CardTransitionResult> {
  requirePermission(actor, action);
  const rule = ruleOf(action);
  const ip = opts.ip?.slice(0, 64) || null;
  return writeTransaction(async (transaction) => {
    const card: CardRecord | null = await findCardRecord(trekkerId, transaction);
    if (!card || mayAct(actor, action, card.ownerId) !== "allowed") throw new CardNotFoundError();
    const state = { status: card.status, returnState: card.returnState, deleted: card.deleted };
    const refusal = transitionRefusal(action, state);
    if (refusal) throw new CardTransitionError(refusal);
    const needsCheckins = rule.refuseWhenScanned || rule.to === "restore";
    const scanned = needsCheckins ? (await (opts.hasCheckins ?? installedCheckins)([card.trekkerId], transaction)).has(card.trekkerId) : false;
    const to = nextStatus(action, state, { today: todayOf(opts), entryDate: card.entryDate, exitDate: card.exitDate, scanned });
    const reason = checkReason(action, reasonInput);
    const patch = PATCHES[action]({ to, reason, actor, ip, now: new Date() });
    const expected = { status: card.status, ...(rule.returnState ? { returnState: card.returnState } : {}) };
    if (!(await changeCardRecord(card.trekkerId, expected, patch, transaction))) {
      throw new CardTransitionError("This card was changed by someone else meanwhile. Please reload and try again.");
    }
    if (action === "delete") await unlockPriceAfterDeletion(card.registrationId, transaction);
    await logCardEvents([{ trekkerId: card.trekkerId, registrationId: card.registrationId, action, fromStatus: card.status, toStatus: to, reason, userId: actor.id, ip }], transaction);
    return { action, trekkerId: card.trekkerId, registrationId: card.registrationId, fromStatus: card.status as CardStatus, toStatus: to, message: rule.success };
  });
}

/** Board (cardsCancel): Accomplished/Active/Completed/Upcoming → Cancelled; reason of 10+. */
export function cancelCard(actor: CardActor, trekkerId: number, reason: string | null | undefined, opts: CardActionOptions = {}): Promise<CardTransitionResult> {
  return moveCard(actor, "cancel", trekkerId, reason, opts);
}

/**
 * Agency (cardsDelete), own registrations only: a Payment Failure/Payment Pending/Rejected
 * trekker becomes a deleted record (status kept; remarks, date, user and IP stored). The
 * registration's price is unlocked so it is re-priced without the deleted trekker.
 */
export function deleteTrekkerCard(actor: CardActor, trekkerId: number, reason: string | null | undefined, opts: CardActionOptions = {}): Promise<CardTransitionResult> {
  return moveCard(actor, "delete", trekkerId, reason, opts);
}

/**
 * Return a card: board or TAAN (cardsReturnDecide) for any card, or the user who registered it
 * (registerTrek, own registrations). Upcoming/Active and never scanned → Returned, awaiting a
 * decision. The reason is optional.
 */
export function returnCard(actor: CardActor, trekkerId: number, reason?: string | null, opts: CardActionOptions = {}): Promise<CardTransitionResult> {
  return moveCard(actor, "return", trekkerId, reason, opts);
}

/**
 * Board or TAAN (cardsReturnDecide) decide a requested return: approve (isApprove true; the card
 * stays Returned for good, refused if it was scanned meanwhile) or reject (false; the card goes
 * back to what its dates say: Upcoming, Active, or Completed/Missed after the exit date).
 */
export function decideCardReturn(actor: CardActor, trekkerId: number, approve: boolean, remarks?: string | null, opts: CardActionOptions = {}): Promise<CardTransitionResult> {
  return moveCard(actor, approve ? "approveReturn" : "rejectReturn", trekkerId, remarks, opts);
}

export interface GenerateCardsResult {
  registrationId: number;
  status: "Upcoming" | "Active";
  cards: { trekkerId: number; cardNumber: number }[];
  message: string;
}

/**
 * Generate card (grantable generateCard), after the page's confirmation: the registration's
 * live Payment Failure/Payment Pending trekkers get card numbers without a payment (no bill) and
 * become Upcoming, or Active from the entry date on, as a payment would make them. Per
 * registration, like the spec's `users/generatecard/{registrationId}`. After the commit the
 * trekkers are e-mailed their cards as after a payment (the "cards.issued" job), unless
 * `announce: false`.
 */
export async function generateCards(actor: CardActor, registrationId: number, opts: CardActionOptions & { announce?: boolean } = {}): Promise<GenerateCardsResult> {
  requirePermission(actor, "generate");
  const rule = CARD_TRANSITIONS.generate;
  const result = await writeTransaction(async (transaction): Promise<GenerateCardsResult> => {
    const reg = await findRegistrationForCards(registrationId, transaction);
    if (!reg || mayAct(actor, "generate", reg.userId) !== "allowed") throw new CardNotFoundError();
    const refusal = transitionRefusal("generate", reg.status);
    if (refusal) throw new CardTransitionError(refusal);
    const to = issueStatus(reg.entryDate, todayOf(opts));
    const issued = await issueCardsWithoutPayment(reg.id, rule.from, to, transaction);
    if (!issued.length) {
      const live = await liveCardsOf(reg.id, transaction);
      throw new CardTransitionError(live.length ? transitionRefusal("generate", live[0].status) ?? "There is no card to generate." : transitionRefusal("generate", { status: reg.status, deleted: true })!);
    }
    const ip = opts.ip?.slice(0, 64) || null;
    await logCardEvents(
      issued.map((c) => ({ trekkerId: c.trekkerId, registrationId: reg.id, action: "generate", fromStatus: c.fromStatus, toStatus: to, reason: null, userId: actor.id, ip })),
      transaction,
    );
    return { registrationId: reg.id, status: to, cards: issued.map(({ trekkerId, cardNumber }) => ({ trekkerId, cardNumber })), message: rule.success };
  });
  if (opts.announce !== false) {
    // The same job a payment queues (modules/cards/pdf.server.ts ISSUED_JOB); the cards stand
    // even if queueing fails, and their PDFs render on request.
    await getQueue()
      .enqueue("cards.issued", { registrationId: result.registrationId })
      .catch((error) => console.error(`[cards] could not queue the card e-mails of registration ${result.registrationId}:`, error));
  }
  return result;
}

/** One entry point for the per-card moves, for a single action route. */
export function applyCardAction(
  actor: CardActor,
  action: CardMove,
  trekkerId: number,
  reason: string | null | undefined,
  opts: CardActionOptions = {},
): Promise<CardTransitionResult> {
  return moveCard(actor, action, trekkerId, reason, opts);
}
