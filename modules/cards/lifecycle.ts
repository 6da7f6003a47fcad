import { DomainError, type DomainStatus } from "@lib/errors";
import { MULTI_LINE_CONTROLS, messages } from "@lib/validation-rules";
import { CARD_STATUSES as CARD_STATUS_ROWS } from "@modules/lookups";
import { can, type Permission, type PermissionHolder } from "@modules/users";

/**
 * The card lifecycle (spec 2 §4) as one table: every move a card can make, who may make it and
 * from which statuses. Pure, so pages may import it to decide which buttons to show; the server
 * (lifecycle.server.ts) checks the same table again before it writes anything. See README.md.
 */

/** The spec's 13 card statuses, in the order of their fixed ids (Cancelled = 2). */
export const CARD_STATUSES = CARD_STATUS_ROWS.map((s) => s.name) as readonly CardStatus[];
export type CardStatus = (typeof CARD_STATUS_ROWS)[number]["name"];

export function isCardStatus(value: unknown): value is CardStatus {
  return typeof value === "string" && (CARD_STATUSES as readonly string[]).includes(value);
}

/** The card shows a CANCELLED watermark (spec 2 §4: status value 2). */
export function isCancelled(status: string | null | undefined): boolean {
  return status === "Cancelled";
}

/** The registration (and its cards) expired unpaid: its trek is over, nothing can be paid or issued (issue 25). */
export function isExpired(status: string | null | undefined): boolean {
  return status === CARD_TRANSITIONS.expire.to;
}

/** A card's return: asked for (status Returned), then approved (stays Returned) or rejected (restored). */
export type ReturnState = "requested" | "approved" | "rejected";

/**
 * Who may act: a permission, on any card, only on cards of one's own registrations ("own"), or
 * only on cards a trekking agency registered ("agency": TAAN, the association of trekking
 * agencies, decides for its member agencies, never for free individual trekkers).
 */
export interface ActorRule {
  permission: Permission;
  rows: "any" | "own" | "agency";
}

/** The user who registered a card's trek: its id and, where a rule needs it, its user type. */
export interface CardOwner {
  id: number;
  type?: number | null;
}

/** User type of a trekking agency (spec 2 §6). */
const AGENCY_TYPE = 2;

/**
 * Where a card goes: a fixed status; "unchanged" (delete keeps the status, the record is marked
 * deleted); "issue" (Upcoming before the entry date, else Active); "restore" (back to what the
 * dates say: Upcoming, Active, or after the exit date Completed/Missed); "unpaid" (the status
 * the payment outcome names, see UNPAID_FROM).
 */
export type Target = CardStatus | "unchanged" | "issue" | "restore" | "unpaid";

/**
 * The statuses a payment outcome leaves an unpaid card in (markUnpaid), and where each may come
 * from: a failed or declined gateway payment and a voucher sent from any payable status; a
 * rejected voucher only from Pending (the voucher's own wait).
 */
export const UNPAID_FROM = {
  "Payment Failure": ["Payment Pending", "Payment Failure", "Rejected", "Pending"],
  Pending: ["Payment Pending", "Payment Failure", "Rejected", "Pending"],
  Rejected: ["Pending"],
} as const satisfies Record<string, readonly CardStatus[]>;
export type UnpaidStatus = keyof typeof UNPAID_FROM;

export interface TransitionRule {
  from: readonly CardStatus[];
  to: Target;
  /** Empty: only the system (the daily sweeper, a payment) makes this move. */
  who: readonly ActorRule[];
  /** "required": 10+ characters (spec 2 §5); "optional": kept if given. */
  reason: "required" | "optional" | "none";
  /** Refused once the card has been scanned at a checkpoint (has check-ins). */
  refuseWhenScanned: boolean;
  /** The return sub-state the card must be in, and the one the move leaves it in. */
  returnState?: { requires: ReturnState | null; sets: ReturnState };
  /** Past participle for refusals: "A card in status X can not be {verb}." */
  verb: string;
  success: string;
  /** For the README and the sweeper: when the system moves. */
  when?: string;
  /** The move changes what the printed card shows, so a rendered PDF is made again. */
  refreshesPdf?: boolean;
}

const UPDATED = "Card status updated successfully";

/** THE table. Nothing else in the app decides whether a card may change status. */
export const CARD_TRANSITIONS = {
  cancel: {
    from: ["Accomplished", "Active", "Completed", "Upcoming"],
    to: "Cancelled",
    who: [{ permission: "cardsCancel", rows: "any" }],
    reason: "required",
    refuseWhenScanned: false,
    verb: "cancelled",
    success: "Card cancelled successfully",
    // The CANCELLED watermark.
    refreshesPdf: true,
  },
  delete: {
    from: ["Payment Failure", "Payment Pending", "Rejected"],
    to: "unchanged",
    who: [{ permission: "cardsDelete", rows: "own" }],
    reason: "required",
    refuseWhenScanned: false,
    verb: "deleted",
    success: "Trekker deleted successfully",
  },
  generate: {
    from: ["Payment Failure", "Payment Pending"],
    to: "issue",
    who: [{ permission: "generateCard", rows: "any" }],
    reason: "none",
    refuseWhenScanned: false,
    verb: "generated",
    success: "Card generated successfully",
  },
  // The card's holder returns it (the trekker or agency that registered it), or the board for
  // anyone; TAAN only decides returns (issue 26, docs/decisions.md).
  return: {
    from: ["Upcoming", "Active"],
    to: "Returned",
    who: [
      { permission: "cardsReturnAny", rows: "any" },
      { permission: "registerTrek", rows: "own" },
    ],
    reason: "optional",
    refuseWhenScanned: true,
    returnState: { requires: null, sets: "requested" },
    verb: "returned",
    success: UPDATED,
  },
  approveReturn: {
    from: ["Returned"],
    to: "Returned",
    who: [
      { permission: "cardsReturnDecide", rows: "any" },
      { permission: "cardsReturnDecideMembers", rows: "agency" },
    ],
    reason: "optional",
    refuseWhenScanned: true,
    returnState: { requires: "requested", sets: "approved" },
    verb: "approved as returned",
    success: UPDATED,
  },
  rejectReturn: {
    from: ["Returned"],
    to: "restore",
    who: [
      { permission: "cardsReturnDecide", rows: "any" },
      { permission: "cardsReturnDecideMembers", rows: "agency" },
    ],
    reason: "optional",
    refuseWhenScanned: false,
    returnState: { requires: "requested", sets: "rejected" },
    verb: "refused as returned",
    success: UPDATED,
  },
  activate: {
    from: ["Upcoming"],
    to: "Active",
    who: [],
    reason: "none",
    refuseWhenScanned: false,
    verb: "activated",
    success: UPDATED,
    when: "on or after the entry date (Nepal time), or at the first check-in",
  },
  complete: {
    from: ["Active"],
    to: "Completed",
    who: [],
    reason: "none",
    refuseWhenScanned: false,
    verb: "completed",
    success: UPDATED,
    when: "after the exit date, when the trekker checked out or was seen at the route's end point",
  },
  miss: {
    from: ["Active"],
    to: "Missed",
    who: [],
    reason: "none",
    refuseWhenScanned: false,
    verb: "missed",
    success: UPDATED,
    when: "after the exit date, when the trekker was never seen at a checkpoint",
  },
  // Issue 25: an unpaid trek whose exit date has passed is closed for good, so it can no longer be
  // paid or generated. A voucher awaiting the board's check (Pending) waits for the decision.
  expire: {
    from: ["Payment Pending", "Payment Failure", "Rejected"],
    to: "Expired",
    who: [],
    reason: "none",
    refuseWhenScanned: false,
    verb: "expired",
    success: UPDATED,
    when: "after the exit date, when the trek was never paid",
  },
  // Rejected is payable again (spec 2 §4: Pay for Payment Failure, Payment Pending, Rejected),
  // so a gateway payment after a rejected voucher issues from there.
  issue: {
    from: ["Payment Pending", "Payment Failure", "Pending", "Rejected"],
    to: "issue",
    who: [],
    reason: "none",
    refuseWhenScanned: false,
    verb: "issued",
    success: UPDATED,
    when: "a payment is confirmed (gateway or approved voucher), with the card numbers",
  },
  markUnpaid: {
    from: ["Payment Pending", "Payment Failure", "Rejected", "Pending"],
    to: "unpaid",
    who: [],
    reason: "none",
    refuseWhenScanned: false,
    verb: "marked unpaid",
    success: UPDATED,
    when: "a payment failed or was declined, a voucher was sent or rejected",
  },
} as const satisfies Record<string, TransitionRule>;

export type CardAction = keyof typeof CARD_TRANSITIONS;
export const CARD_ACTIONS = Object.keys(CARD_TRANSITIONS) as CardAction[];
/** Moves people make; the others belong to the system (daily sweeper, payments). */
export const USER_ACTIONS = CARD_ACTIONS.filter((a) => CARD_TRANSITIONS[a].who.length > 0);
export const SYSTEM_ACTIONS = CARD_ACTIONS.filter((a) => CARD_TRANSITIONS[a].who.length === 0);

/** The per-card moves people make on a card page (generate works per registration). */
export const CARD_MOVES = ["cancel", "delete", "return", "approveReturn", "rejectReturn"] as const satisfies readonly CardAction[];
export type CardMove = (typeof CARD_MOVES)[number];

export function isCardMove(value: unknown): value is CardMove {
  return typeof value === "string" && (CARD_MOVES as readonly string[]).includes(value);
}

export function ruleOf(action: CardAction): TransitionRule {
  return CARD_TRANSITIONS[action];
}

/** What the table needs to know of a card. */
export interface CardState {
  status: string;
  returnState?: ReturnState | null;
  deleted?: boolean;
}

function stateOf(card: CardState | string): CardState {
  return typeof card === "string" ? { status: card } : card;
}

/**
 * Why the move is refused, or null when the table allows it. Permission, ownership and
 * check-ins are checked separately (mayAct, refuseWhenScanned).
 */
export function transitionRefusal(action: CardAction, card: CardState | string): string | null {
  const rule = ruleOf(action);
  const c = stateOf(card);
  if (c.deleted) return `A deleted card can not be ${rule.verb}.`;
  if (!isCardStatus(c.status) || !rule.from.includes(c.status)) return `A card in status ${c.status || "(none)"} can not be ${rule.verb}.`;
  const requires = rule.returnState?.requires;
  if (requires !== undefined && requires !== null && (c.returnState ?? null) !== requires) {
    return c.returnState === "approved" || c.returnState === "rejected"
      ? "The return of this card has already been decided."
      : `A card in status ${c.status} can not be ${rule.verb}.`;
  }
  return null;
}

/** True when the table allows `action` from this card (a status, or status plus return state). */
export function canTransition(action: CardAction, card: CardState | string): boolean {
  return transitionRefusal(action, card) === null;
}

/**
 * A refusal with the reason in words: a DomainError, so routes answer it with
 * domainErrorResponse (status, and the message under `field` when there is one).
 */
export class CardActionError extends DomainError {
  constructor(message: string, status: DomainStatus, field?: string) {
    super(message, { status, fieldErrors: field ? { [field]: [message] } : undefined });
  }
}
/** The move is not in the table for this card (or the card changed meanwhile): 409. */
export class CardTransitionError extends CardActionError {
  constructor(message: string) {
    super(message, 409);
  }
}
/** The actor holds no permission for this move: 403. */
export class CardPermissionError extends CardActionError {
  constructor(readonly action: CardAction) {
    super("Unauthorized", 403);
  }
}
/** No such card, or not one of the actor's own where the move needs that: 404 (ids reveal nothing). */
export class CardNotFoundError extends CardActionError {
  constructor() {
    super("Card not found.", 404);
  }
}
/** A reason that is missing or short: 400, shown under the `reason` field. */
export class CardReasonError extends CardActionError {
  constructor(message: string) {
    super(message, 400, "reason");
  }
}

/** Dates the target depends on; `scanned` = the card has check-ins. */
export interface TransitionContext {
  today: string;
  entryDate: string;
  exitDate: string;
  scanned: boolean;
  /** markUnpaid only: the status the payment outcome leaves the card in. */
  unpaid?: UnpaidStatus;
}

/** An issued card (paid or generated): Upcoming before the entry date, else Active. */
export function issueStatus(entryDate: string, today: string): "Upcoming" | "Active" {
  return entryDate > today ? "Upcoming" : "Active";
}

/** Where the dates put a live card: before entry Upcoming, after exit Completed/Missed, else Active. */
export function statusByDates(ctx: TransitionContext): "Upcoming" | "Active" | "Completed" | "Missed" {
  if (ctx.entryDate > ctx.today) return "Upcoming";
  if (ctx.exitDate < ctx.today) return ctx.scanned ? "Completed" : "Missed";
  return "Active";
}

/** The status after `action`; throws CardTransitionError when the table refuses it. */
export function nextStatus(action: CardAction, card: CardState | string, ctx: TransitionContext): CardStatus {
  const refusal = transitionRefusal(action, card);
  if (refusal) throw new CardTransitionError(refusal);
  const c = stateOf(card);
  const rule = ruleOf(action);
  if (rule.refuseWhenScanned && ctx.scanned) throw new CardTransitionError(scannedRefusal(action));
  switch (rule.to) {
    case "unchanged":
      return c.status as CardStatus;
    case "issue":
      return issueStatus(ctx.entryDate, ctx.today);
    case "restore":
      return statusByDates(ctx);
    case "unpaid": {
      if (!ctx.unpaid) throw new Error(`${action} needs the payment outcome (ctx.unpaid)`);
      if (!(UNPAID_FROM[ctx.unpaid] as readonly string[]).includes(c.status)) {
        throw new CardTransitionError(`A card in status ${c.status} can not be ${rule.verb} as ${ctx.unpaid}.`);
      }
      return ctx.unpaid;
    }
    default:
      return rule.to;
  }
}

export function scannedRefusal(action: CardAction): string {
  return `A card that has been scanned at a checkpoint can not be ${ruleOf(action).verb}.`;
}

export type ActorVerdict = "allowed" | "forbidden" | "not-own";

/**
 * May this user make the move on a card of a registration made by `owner` (its user id, or id and
 * type)? Without an owner, whether any rule's permission is held at all. "forbidden": no rule's
 * permission is held (403); "not-own": only row-limited rules apply and the card is not among
 * their rows (answered as not found, so ids reveal nothing). An "agency" rule needs the owner's type.
 */
export function mayAct(actor: (PermissionHolder & { id: number }) | null | undefined, action: CardAction, owner?: number | CardOwner): ActorVerdict {
  if (!actor) return "forbidden";
  const held = ruleOf(action).who.filter((r) => can(actor, r.permission));
  if (!held.length) return "forbidden";
  if (owner === undefined) return "allowed";
  const { id, type } = typeof owner === "number" ? { id: owner, type: undefined } : owner;
  const covers = (r: ActorRule) => r.rows === "any" || (r.rows === "own" && actor.id === id) || (r.rows === "agency" && type === AGENCY_TYPE);
  return held.some(covers) ? "allowed" : "not-own";
}

/** The user actions to offer on a card row (pages use it for buttons; the server re-checks). */
export function actionsFor(
  actor: (PermissionHolder & { id: number }) | null | undefined,
  card: CardState & { ownerId: number; ownerType?: number | null; scanned?: boolean },
): CardAction[] {
  return USER_ACTIONS.filter(
    (a) =>
      mayAct(actor, a, { id: card.ownerId, type: card.ownerType }) === "allowed" && canTransition(a, card) && !(ruleOf(a).refuseWhenScanned && card.scanned),
  );
}

/**
 * The reason as stored (trimmed), or a CardReasonError with the spec's words. Required reasons
 * need 10+ characters ("Minimum 10 character is required"); optional ones are kept if given.
 */
export function checkReason(action: CardAction, reason: string | null | undefined): string | null {
  const rule = ruleOf(action);
  if (rule.reason === "none") return null;
  // The rules of lib/validation's plainText and reasonField, without zod: this file reaches list pages.
  const text = (reason ?? "").trim();
  if (MULTI_LINE_CONTROLS.test(text)) throw new CardReasonError(messages.controlChars);
  if (rule.reason === "required") {
    if (text === "") throw new CardReasonError(messages.required("Reason"));
    if (text.length < 10) throw new CardReasonError(messages.minReason);
  }
  if (text.length > 2000) throw new CardReasonError("At most 2000 characters are allowed");
  return text || null;
}

/**
 * What the checkpoints saw of a trekker: nothing; checked in somewhere but never out; or checked
 * out (or seen at the route's end point). The check-ins module answers it (setTrailLookup).
 */
export type Trail = "none" | "seen" | "out";

/**
 * The moves the daily sweeper makes for a live card, in order (an Upcoming card whose trek is
 * already over is activated and then completed or missed in the same run). After the exit date a
 * trekker who checked out is Completed and one never seen is Missed; one checked in and not out
 * stays Active: still on the trail as far as anyone knows, which the overdue report lists. An
 * unpaid card (Payment Pending, Payment Failure, Rejected) whose exit date has passed expires.
 */
export function sweepPath(status: string, dates: { entryDate: string; exitDate: string }, today: string, trail: Trail): CardAction[] {
  const path: CardAction[] = [];
  // An unpaid trek that is over expires (issue 25).
  if ((CARD_TRANSITIONS.expire.from as readonly string[]).includes(status)) return dates.exitDate < today ? ["expire"] : [];
  let current = status;
  if (current === "Upcoming" && dates.entryDate <= today) {
    path.push("activate");
    current = "Active";
  }
  if (current === "Active" && dates.exitDate < today && trail !== "seen") path.push(trail === "out" ? "complete" : "miss");
  return path;
}
