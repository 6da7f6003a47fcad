import { Op, type Transaction, type WhereOptions } from "sequelize";
import { displayDateTime, kathmanduDate } from "@lib/dates";
import { DomainError, conflictError, forbiddenError, notFoundError } from "@lib/errors";
import type { ListSource } from "@lib/list/list.server";
import { modelListSource } from "@lib/list/model-source.server";
import { writeTransaction } from "../../db/sequelize.server";
import { can } from "@modules/permissions";
import { displayNames } from "@modules/users/index.server";
import {
  CASE_MESSAGES,
  CASE_MOVES,
  CASE_STATE_LABELS,
  PERSON_MOVES,
  caseAgeDays,
  caseRule,
  mayMoveCase,
  mayUseCases,
  mayViewCase,
  movesFor,
  type CaseMove,
  type CaseState,
  type CaseViewer,
} from "./cases";
import { tellFollowerOfRescue } from "./follow.server";
import { OverdueCaseMove, OverdueTrekker } from "./model.server";
import { OVERDUE_REASON_LABELS } from "./rules";
import type { CaseListRow } from "./case-list";

/**
 * Escalation cases (issue 29 item 1): every move goes through `applyMove`, which checks the
 * state against the table (cases.ts), writes the state and the move's row in the caller's
 * transaction, and answers the alert (safeAt) when the move does. Mark Safe and the check-in
 * that clears an alert (service.server.ts) are moves of this table too, so there is one path.
 */

/** A case as the list and the case page read it: the list's row plus its state's key and the day it was raised. */
export interface CaseRow extends CaseListRow {
  state: CaseState;
  raisedOn: string;
}

const toCaseRow = (o: OverdueTrekker, today: string): CaseRow => {
  const dueDate = String(o.dueDate).slice(0, 10);
  const state = o.caseState as CaseState;
  return {
    id: o.id,
    trekkerId: o.trekkerId,
    fullName: o.fullName,
    cardNumber: o.cardNumber,
    routeName: o.routeName,
    reasonLabel: OVERDUE_REASON_LABELS[o.reason] ?? o.reason,
    state,
    stateLabel: CASE_STATE_LABELS[state] ?? state,
    dueDate,
    raisedOn: String(o.raisedOn).slice(0, 10),
    ageDays: caseAgeDays(dueDate, today),
  };
};

/**
 * The rows this viewer's rules in the table reach, as a WHERE: everything (a rule on any row),
 * else their own trekkers' and (TAAN) agencies' trekkers'; null when none.
 */
export function caseScope(viewer: CaseViewer): WhereOptions | null {
  const rules = PERSON_MOVES.flatMap((m) => caseRule(m).who).filter((r) => can(viewer, r.permission));
  if (rules.some((r) => r.rows === "any")) return {};
  const any: WhereOptions[] = [];
  if (rules.some((r) => r.rows === "own")) any.push({ ownerId: viewer.id });
  if (rules.some((r) => r.rows === "agency")) any.push({ ownerType: 2 });
  return any.length ? { [Op.or]: any } : null;
}

/** The case list: every case not closed that the viewer may see, oldest due first by default. */
export function openCaseSource(viewer: CaseViewer, today = kathmanduDate()): ListSource<CaseRow, { state?: string }> {
  const SORT: Record<string, string> = { due: "dueDate", raised: "raisedOn", name: "fullName" };
  return modelListSource({
    model: OverdueTrekker,
    where: (f: { state?: string }) => {
      const scope = caseScope(viewer);
      if (!scope) return null;
      return { [Op.and]: [scope, f.state ? { caseState: f.state } : { caseState: { [Op.ne]: "closed" } }] };
    },
    keys: (sort) => [
      { column: SORT[sort.key] ?? "dueDate", desc: sort.desc },
      { column: "id", desc: sort.desc },
    ],
    cursor: (r: CaseRow, sort) => [sort.key === "raised" ? r.raisedOn : sort.key === "name" ? r.fullName : r.dueDate, r.id],
    rows: (models) => models.map((m) => toCaseRow(m, today)),
  });
}

/** The case of a trekker for this viewer: 404 when there is none or it is not theirs to see, 403 for a role with no case at all. */
async function visibleCase(viewer: CaseViewer, trekkerId: number, transaction?: Transaction): Promise<OverdueTrekker> {
  if (!mayUseCases(viewer)) throw forbiddenError();
  const row = Number.isSafeInteger(trekkerId)
    ? await OverdueTrekker.findOne({ where: { trekkerId }, transaction, lock: transaction ? transaction.LOCK.UPDATE : undefined })
    : null;
  if (!row || !mayViewCase(viewer, row)) throw notFoundError();
  return row;
}

/** Checks the case may make this move now and records it (who: null for the system); in the caller's transaction. */
export async function applyMove(
  row: OverdueTrekker,
  move: CaseMove,
  byUserId: number | null,
  note: string,
  at: Date,
  transaction: Transaction,
): Promise<CaseState> {
  const rule = caseRule(move);
  const from = row.caseState;
  if (!(rule.from as readonly CaseState[]).includes(from)) throw conflictError(CASE_MESSAGES.notFrom(from, move));
  const answer = rule.answers && !row.safeAt ? { safeAt: at, safeBy: byUserId, safeNote: note } : {};
  // From the state we read: of two moves at once, one wins and the other is refused.
  const [changed] = await OverdueTrekker.update({ caseState: rule.to, ...answer }, { where: { id: row.id, caseState: from }, transaction });
  if (changed !== 1) throw conflictError(CASE_MESSAGES.notFrom(from, move));
  await OverdueCaseMove.create({ overdueId: row.id, move, fromState: from, toState: rule.to, byUserId, note, at }, { transaction });
  row.caseState = rule.to;
  if ("safeAt" in answer) Object.assign(row, answer);
  return rule.to;
}

export interface MoveOptions {
  /** The escalation's confirmation was ticked. */
  confirmed?: boolean;
  now?: Date;
}

/**
 * A person's move on a trekker's case: 404/403 as `visibleCase`, 403 when the table does not let
 * the viewer make this move on this row, 400 without the confirmation a move asks for, 409 from
 * a state the move does not leave.
 */
export async function moveCase(viewer: CaseViewer, trekkerId: number, move: CaseMove, note: string, opts: MoveOptions = {}): Promise<CaseState> {
  const text = note.trim();
  return writeTransaction(async (transaction) => {
    const row = await visibleCase(viewer, trekkerId, transaction);
    if (!mayMoveCase(viewer, move, row)) throw forbiddenError();
    if (caseRule(move).confirm && !opts.confirmed)
      throw new DomainError(CASE_MESSAGES.confirm, { status: 400, fieldErrors: { confirm: [CASE_MESSAGES.confirm] } });
    const state = await applyMove(row, move, viewer.id, text, opts.now ?? new Date(), transaction);
    // The family following the trek hear of a rescue with the move, or not at all.
    if (move === "escalate") await tellFollowerOfRescue(row.trekkerId, transaction);
    return state;
  });
}

export interface CaseMoveView {
  id: number;
  move: CaseMove;
  label: string;
  fromLabel: string;
  toLabel: string;
  by: string;
  note: string;
  at: string;
}

/** A case's moves, oldest first, with who made each ("TIMS" for the system). */
export async function caseTimeline(overdueId: number): Promise<CaseMoveView[]> {
  const moves = await OverdueCaseMove.findAll({
    where: { overdueId },
    order: [
      ["at", "ASC"],
      ["id", "ASC"],
    ],
  });
  const people = await displayNames(moves.map((m) => m.byUserId).filter((id): id is number => id !== null));
  return moves.map((m) => ({
    id: m.id,
    move: m.move,
    label: CASE_MOVES[m.move]?.label ?? m.move,
    fromLabel: CASE_STATE_LABELS[m.fromState] ?? m.fromState,
    toLabel: CASE_STATE_LABELS[m.toState] ?? m.toState,
    by: m.byUserId === null ? "TIMS (check-in)" : (people.get(m.byUserId)?.name ?? `User ${m.byUserId}`),
    note: m.note,
    at: displayDateTime(m.at),
  }));
}

export interface CaseDetail {
  row: CaseRow;
  ownerId: number;
  ownerType: number;
  timeline: CaseMoveView[];
  /** The moves this viewer may make now (the form's choices), with their labels and confirmations. */
  moves: { move: CaseMove; label: string; confirm: string | null }[];
}

/** A case's page: the case, its timeline and the viewer's moves; 404/403 as `visibleCase`. */
export async function caseDetail(viewer: CaseViewer, trekkerId: number, today = kathmanduDate()): Promise<CaseDetail> {
  const row = await visibleCase(viewer, trekkerId);
  return {
    row: toCaseRow(row, today),
    ownerId: row.ownerId,
    ownerType: row.ownerType,
    timeline: await caseTimeline(row.id),
    moves: movesFor(viewer, row.caseState, row).map((move) => ({ move, label: caseRule(move).label, confirm: caseRule(move).confirm ?? null })),
  };
}

/** The case row locked in the caller's transaction, or null (service.server.ts's Mark Safe and check-ins). */
export function lockedCase(where: WhereOptions, transaction: Transaction): Promise<OverdueTrekker | null> {
  return OverdueTrekker.findOne({ where, transaction, lock: transaction.LOCK.UPDATE });
}
