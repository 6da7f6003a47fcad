import { can, type Permission, type PermissionHolder } from "@modules/permissions";

/**
 * The escalation of an overdue alert (issue 29 item 1) as one table, like the card's
 * (modules/cards/lifecycle.ts): every move a case can make, from which states, and who may make
 * it. Pure, so pages decide which moves to offer from it; the server (cases.server.ts) checks the
 * same table again, under a row lock, before it writes anything. Who acts follows the spec's
 * roles (docs/decisions.md, "Escalating an overdue alert"): the agency for its own trekkers,
 * TAAN for its member agencies' trekkers (never a free individual trekker's), the board for all.
 */

export const CASE_STATES = ["open", "contacting", "found-safe", "checked-out-late", "escalated", "closed"] as const;
export type CaseState = (typeof CASE_STATES)[number];

export const CASE_STATE_LABELS: Record<CaseState, string> = {
  open: "Open",
  contacting: "Contacting",
  "found-safe": "Found safe",
  "checked-out-late": "Checked out late",
  escalated: "Escalated to rescue",
  closed: "Closed",
};

export function isCaseState(value: unknown): value is CaseState {
  return typeof value === "string" && (CASE_STATES as readonly string[]).includes(value);
}

/** User type of a trekking agency (spec 2 §6): TAAN acts on cases of agencies' trekkers only. */
const AGENCY_TYPE = 2;

/** Who may act: a permission, on any case, on cases of one's own trekkers, or on agencies' trekkers. */
export interface CaseActorRule {
  permission: Permission;
  rows: "any" | "own" | "agency";
}

export interface CaseMoveRule {
  from: readonly CaseState[];
  to: CaseState;
  /** Empty: only the system (a check-in) makes this move. */
  who: readonly CaseActorRule[];
  /** The button and the timeline's words. */
  label: string;
  /** Asks the user to tick a confirmation first (a rescue costs a helicopter). */
  confirm?: string;
  /** The move answers the alert: the Overdue filter and the dashboard count drop the trekker. */
  answers: boolean;
}

const BOARD: CaseActorRule = { permission: "overdueTrekkers", rows: "any" };
const AGENCY_OWN: CaseActorRule = { permission: "overdueMarkOwnSafe", rows: "own" };
const TAAN_MEMBERS: CaseActorRule = { permission: "overdueCasesMembers", rows: "agency" };

/** THE table. Nothing else in the app decides whether a case may change state. */
export const CASE_MOVES = {
  contact: { from: ["open"], to: "contacting", who: [BOARD, TAAN_MEMBERS, AGENCY_OWN], label: "Contacting", answers: false },
  // Mark Safe (the trekker lists' row action) is this move.
  foundSafe: { from: ["open", "contacting", "escalated"], to: "found-safe", who: [BOARD, AGENCY_OWN], label: "Found safe", answers: true },
  checkedOutLate: { from: ["open", "contacting", "escalated"], to: "checked-out-late", who: [BOARD, AGENCY_OWN], label: "Checked out late", answers: true },
  escalate: {
    from: ["open", "contacting"],
    to: "escalated",
    who: [BOARD, TAAN_MEMBERS],
    label: "Escalate to rescue",
    confirm: "I confirm this trekker is to be searched for: the rescue is alerted.",
    answers: false,
  },
  close: { from: ["found-safe", "checked-out-late"], to: "closed", who: [BOARD, AGENCY_OWN], label: "Close", answers: true },
  // A later check-in (checkins' onCheckinRecorded): the trail itself answers the alert.
  checkin: { from: ["open", "contacting", "escalated", "found-safe", "checked-out-late"], to: "closed", who: [], label: "Closed by a check-in", answers: true },
} as const satisfies Record<string, CaseMoveRule>;

export type CaseMove = keyof typeof CASE_MOVES;
export const CASE_MOVE_NAMES = Object.keys(CASE_MOVES) as CaseMove[];
/** The moves people make (the form's choices); the rest are the system's. */
export const PERSON_MOVES = CASE_MOVE_NAMES.filter((m) => CASE_MOVES[m].who.length > 0);

export function isCaseMove(value: unknown): value is CaseMove {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(CASE_MOVES, value);
}

export function caseRule(move: CaseMove): CaseMoveRule {
  return CASE_MOVES[move];
}

export type CaseViewer = PermissionHolder & { id: number };
/** The trekker's registering user: its id and user type (copied onto the case when it was raised). */
export interface CaseOwner {
  ownerId: number;
  ownerType: number;
}

function allows(viewer: CaseViewer | null | undefined, rule: CaseActorRule, owner: CaseOwner): boolean {
  if (!viewer || !can(viewer, rule.permission)) return false;
  if (rule.rows === "any") return true;
  if (rule.rows === "own") return viewer.id === owner.ownerId;
  return owner.ownerType === AGENCY_TYPE;
}

/** The viewer may make this move on a case of this owner (the state aside). */
export function mayMoveCase(viewer: CaseViewer | null | undefined, move: CaseMove, owner: CaseOwner): boolean {
  return caseRule(move).who.some((rule) => allows(viewer, rule, owner));
}

/** Those who may make any move on a case see it, its timeline and its rescue sheet. */
export function mayViewCase(viewer: CaseViewer | null | undefined, owner: CaseOwner): boolean {
  return PERSON_MOVES.some((move) => mayMoveCase(viewer, move, owner));
}

/** Holds a permission some move names at all (the case pages' role check before the row's). */
export function mayUseCases(viewer: CaseViewer | null | undefined): boolean {
  return PERSON_MOVES.some((move) => caseRule(move).who.some((rule) => can(viewer, rule.permission)));
}

/** The moves this viewer may make now on a case in `state`: the form's choices. */
export function movesFor(viewer: CaseViewer | null | undefined, state: CaseState, owner: CaseOwner): CaseMove[] {
  return PERSON_MOVES.filter((move) => (caseRule(move).from as readonly CaseState[]).includes(state) && mayMoveCase(viewer, move, owner));
}

export const CASE_MESSAGES = {
  moved: "Case updated",
  notFrom: (state: CaseState, move: CaseMove) => `A case that is ${CASE_STATE_LABELS[state].toLowerCase()} can not be moved to "${caseRule(move).label}".`,
  confirm: "Tick the confirmation to escalate to rescue.",
} as const;

/** Whole days from `from` to `to` (ISO dates). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** How long a case has been overdue: days since its due date (0 on the day itself). */
export function caseAgeDays(dueDate: string, today: string): number {
  return Math.max(0, daysBetween(dueDate, today));
}

export interface ExpectedPosition {
  /** The checkpoint the trekker should be at (or last passed) today. */
  place: string;
  /** Day of the trek (1 = the entry date), or 0 before it. */
  day: number;
  days: number;
  text: string;
}

/**
 * Where the trekker should be today if they kept to the plan (issue 29 item 2): the route's
 * points from the entry point to the exit point spread evenly over the trek's days, the entry
 * point on the entry date and the exit point on the exit date. A rescue starts its search here.
 * Points not on the route (an old registration) fall back to the route's whole list.
 */
export function expectedPosition(
  t: { points: readonly string[]; entryPoint: string; exitPoint: string; entryDate: string; exitDate: string },
  today: string,
): ExpectedPosition {
  const from = t.points.indexOf(t.entryPoint);
  const to = t.points.indexOf(t.exitPoint);
  let stops = from >= 0 && to >= 0 ? (from <= to ? t.points.slice(from, to + 1) : t.points.slice(to, from + 1).reverse()) : [...t.points];
  if (!stops.length) stops = [t.entryPoint, t.exitPoint].filter(Boolean);
  const days = Math.max(1, daysBetween(t.entryDate, t.exitDate) + 1);
  const elapsed = daysBetween(t.entryDate, today);
  if (elapsed < 0) return { place: stops[0] ?? t.entryPoint, day: 0, days, text: `Not started: enters at ${stops[0] ?? t.entryPoint} on ${t.entryDate}.` };
  if (elapsed >= days) {
    const last = stops[stops.length - 1] ?? t.exitPoint;
    return { place: last, day: days, days, text: `Should have left the trail at ${last} by ${t.exitDate}.` };
  }
  const index = days === 1 ? stops.length - 1 : Math.round((elapsed * (stops.length - 1)) / (days - 1));
  const place = stops[index] ?? t.exitPoint;
  return { place, day: elapsed + 1, days, text: `Day ${elapsed + 1} of ${days}: at or near ${place}.` };
}
