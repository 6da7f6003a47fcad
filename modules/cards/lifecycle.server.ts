import { notifyCardMove } from "./notices.server";
import type { Transaction } from "sequelize";
import { kathmanduDate } from "@lib/dates";
import { writeTransaction } from "../../db/sequelize.server";
import { registrationForCards, unlockPrice } from "@modules/registration/index.server";
import type { PermissionHolder } from "@modules/users";
import { logCardEvents } from "./card-events.server";
import { changeCardRecord, findCardRecord, liveCardsOf, type CardPatch, type CardRecord } from "./card-store.server";
import { issueCardsOf } from "./issue.server";
import {
  CARD_TRANSITIONS,
  CardNotFoundError,
  CardPermissionError,
  CardTransitionError,
  checkReason,
  mayAct,
  nextStatus,
  ruleOf,
  transitionRefusal,
  type CardAction,
  type CardMove,
  type CardStatus,
  type Trail,
} from "./lifecycle";
import { refreshCardPdf } from "./pdf.server";

/**
 * The card lifecycle service: every user move on a card goes through here. Each one checks the
 * permission, loads and locks the card, checks the row (own registrations where the table says
 * so), asks the table (lifecycle.ts) whether the move is allowed, writes conditionally and logs
 * the move in card_events, all in one transaction. After the commit it refreshes what depends on
 * the move (the card's PDF, the issued-cards e-mails), so routes only ask and answer.
 */

// The history is read through this file by callers that already import the moves.
export { cardEvents } from "./card-events.server";

/**
 * Which of these trekkers have been scanned at a checkpoint ("has check-ins"). The check-ins
 * module owns the records and installs the real lookups with setCheckinLookup() and
 * setTrailLookup() when it loads (the cards module must not import it: it imports cards); until
 * then, and in tests that pass their own per call, nobody has check-ins.
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

/**
 * The same question as a column of the trekker list's page statement, over the caller's trekker
 * id column (a correlated EXISTS on the check-ins' trekker index): the page's marks are read with
 * its rows, not in a statement after them. Installed by the check-ins module with
 * setCheckinColumn() beside the lookup; until then nobody has check-ins ("0").
 */
export type CheckinColumn = (trekkerIdColumn: string) => string;
const noCheckinColumn: CheckinColumn = () => "0";
let installedCheckinColumn: CheckinColumn = noCheckinColumn;

export function setCheckinColumn(column: CheckinColumn | null): void {
  installedCheckinColumn = column ?? noCheckinColumn;
}
export function checkinColumn(): CheckinColumn {
  return installedCheckinColumn;
}

/** For the sweep: what the checkpoints saw of each trekker (absent: never seen). */
export type TrailLookup = (trekkerIds: readonly number[], transaction?: Transaction) => Promise<ReadonlyMap<number, Exclude<Trail, "none">>>;
export const noTrail: TrailLookup = async () => new Map();
let installedTrail: TrailLookup = noTrail;

export function setTrailLookup(lookup: TrailLookup | null): void {
  installedTrail = lookup ?? noTrail;
}
export function trailLookup(): TrailLookup {
  return installedTrail;
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

/** What each move writes besides the status. */
const PATCHES: Record<CardMove, (input: { to: CardStatus; reason: string | null; actor: CardActor; ip: string | null; now: Date }) => CardPatch> = {
  cancel: ({ to, reason, now }) => ({ status: to, cancelReason: reason, cancelledAt: now }),
  delete: ({ reason, actor, ip, now }) => ({ deletedAt: now, deleteRemarks: reason, deletedBy: actor.id, deletedIp: ip }),
  return: ({ to, reason, now }) => ({
    status: to,
    returnState: "requested",
    returnReason: reason,
    returnRemarks: null,
    returnedAt: now,
    returnDecidedAt: null,
  }),
  approveReturn: ({ to, reason, now }) => ({ status: to, returnState: "approved", returnRemarks: reason, returnDecidedAt: now }),
  rejectReturn: ({ to, reason, now }) => ({ status: to, returnState: "rejected", returnRemarks: reason, returnDecidedAt: now }),
};

function requirePermission(actor: CardActor | null | undefined, action: CardAction): asserts actor is CardActor {
  if (mayAct(actor, action) === "forbidden") throw new CardPermissionError(action);
}

function todayOf(opts: CardActionOptions): string {
  return opts.today ?? kathmanduDate();
}

async function moveCard(
  actor: CardActor,
  action: CardMove,
  trekkerId: number,
  reasonInput: string | null | undefined,
  opts: CardActionOptions,
): Promise<CardTransitionResult> {
  requirePermission(actor, action);
  const rule = ruleOf(action);
  const ip = opts.ip?.slice(0, 64) || null;
  const result = await writeTransaction(async (transaction): Promise<CardTransitionResult> => {
    const card: CardRecord | null = await findCardRecord(trekkerId, transaction);
    if (!card || mayAct(actor, action, { id: card.ownerId, type: card.ownerType }) !== "allowed") throw new CardNotFoundError();
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
    // A deleted trekker no longer counts towards the price: it is worked out afresh at payment.
    if (action === "delete") await unlockPrice(card.registrationId, transaction);
    await logCardEvents(
      [{ trekkerId: card.trekkerId, registrationId: card.registrationId, action, fromStatus: card.status, toStatus: to, reason, userId: actor.id, ip }],
      transaction,
    );
    await notifyCardMove(action, card, reason, transaction);
    return {
      action,
      trekkerId: card.trekkerId,
      registrationId: card.registrationId,
      fromStatus: card.status as CardStatus,
      toStatus: to,
      message: rule.success,
    };
  });
  if (rule.refreshesPdf) await refreshRenderedPdf(result.trekkerId);
  return result;
}

/**
 * After a move that changes the printed card: a PDF already rendered (or being rendered) is made
 * again; one never rendered renders with the new state on its first request anyway. The move
 * stands if queueing fails; the next download request re-queues.
 */
async function refreshRenderedPdf(trekkerId: number): Promise<void> {
  await refreshCardPdf(trekkerId, { onlyIfRendered: true }).catch((error) => console.error(`[cards] could not queue the PDF of trekker ${trekkerId}:`, error));
}

/** Board (cardsCancel): Accomplished/Active/Completed/Upcoming → Cancelled; reason of 10+. */
export function cancelCard(
  actor: CardActor,
  trekkerId: number,
  reason: string | null | undefined,
  opts: CardActionOptions = {},
): Promise<CardTransitionResult> {
  return moveCard(actor, "cancel", trekkerId, reason, opts);
}

/**
 * Agency (cardsDelete), own registrations only: a Payment Failure/Payment Pending/Rejected
 * trekker becomes a deleted record (status kept; remarks, date, user and IP stored). The
 * registration's price is unlocked so it is re-priced without the deleted trekker.
 */
export function deleteTrekkerCard(
  actor: CardActor,
  trekkerId: number,
  reason: string | null | undefined,
  opts: CardActionOptions = {},
): Promise<CardTransitionResult> {
  return moveCard(actor, "delete", trekkerId, reason, opts);
}

/**
 * Return a card: the board (cardsReturnAny) for any card, or the user who registered it
 * (registerTrek, own registrations). Upcoming/Active and never scanned → Returned, awaiting a
 * decision. The reason is optional.
 */
export function returnCard(actor: CardActor, trekkerId: number, reason?: string | null, opts: CardActionOptions = {}): Promise<CardTransitionResult> {
  return moveCard(actor, "return", trekkerId, reason, opts);
}

/**
 * The board (any card) or TAAN (its member agencies' cards) decide a requested return: approve (isApprove true; the card
 * stays Returned for good, refused if it was scanned meanwhile) or reject (false; the card goes
 * back to what its dates say: Upcoming, Active, or Completed/Missed after the exit date).
 */
export function decideCardReturn(
  actor: CardActor,
  trekkerId: number,
  approve: boolean,
  remarks?: string | null,
  opts: CardActionOptions = {},
): Promise<CardTransitionResult> {
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
 * registration, like the spec's `users/generatecard/{registrationId}`. The trekkers are e-mailed
 * their cards as after a payment (the "cards.issued" job, queued in the same transaction), unless
 * `announce: false`.
 */
export async function generateCards(
  actor: CardActor,
  registrationId: number,
  opts: CardActionOptions & { announce?: boolean } = {},
): Promise<GenerateCardsResult> {
  requirePermission(actor, "generate");
  const rule = CARD_TRANSITIONS.generate;
  const result = await writeTransaction(async (transaction): Promise<GenerateCardsResult> => {
    const reg = await registrationForCards(registrationId, transaction);
    if (!reg || mayAct(actor, "generate", reg.userId) !== "allowed") throw new CardNotFoundError();
    const refusal = transitionRefusal("generate", reg.status);
    if (refusal) throw new CardTransitionError(refusal);
    // The same job a payment queues (unless `announce: false`), in the same transaction as the cards.
    const issued = await issueCardsOf(reg, "generate", { today: todayOf(opts), userId: actor.id, ip: opts.ip, announce: opts.announce }, transaction);
    if (!issued.cards.length) {
      const live = await liveCardsOf(reg.id, transaction);
      throw new CardTransitionError(
        live.length
          ? (transitionRefusal("generate", live[0].status) ?? "There is no card to generate.")
          : transitionRefusal("generate", { status: reg.status, deleted: true })!,
      );
    }
    return {
      registrationId: reg.id,
      status: issued.status,
      cards: issued.cards.map(({ trekkerId, cardNumber }) => ({ trekkerId, cardNumber })),
      message: rule.success,
    };
  });
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
