import { canEditRegistration, canPay } from "@modules/registration";
import type { PermissionHolder } from "@modules/users";
import { actionsFor, canTransition, mayAct, type CardMove, type ReturnState } from "./lifecycle";

/**
 * What a row of the trekker list offers (spec 2 §2, §4), decided by the same rules the pages and
 * the server apply: the transition table for card moves, the registration's policy for Pay/Edit.
 * Pure, so the list's loader computes it per row; every action's own route checks it again.
 */
export type TrekkerRowAction = "pay" | "edit" | "generate" | "cancel" | "delete" | "approveReturn" | "rejectReturn" | "markSafe";

/** The card moves a list row offers, each a confirmation over the list. */
export const LIST_MOVES = ["cancel", "delete", "approveReturn", "rejectReturn"] as const satisfies readonly CardMove[];
export type ListMove = (typeof LIST_MOVES)[number];

export function isListMove(value: unknown): value is ListMove {
  return typeof value === "string" && (LIST_MOVES as readonly string[]).includes(value);
}

export interface TrekkerRowState {
  status: string;
  returnState: ReturnState | null;
  /** The user who registered the trek. */
  ownerId: number;
  /** The registering user's type (TAAN decides returns of agencies' cards only). */
  ownerType?: number | null;
  /** Has check-ins (a scanned card's return can not be approved). */
  scanned?: boolean;
}

export function trekkerRowActions(viewer: (PermissionHolder & { id: number }) | null | undefined, row: TrekkerRowState): TrekkerRowAction[] {
  if (!viewer) return [];
  const reg = { userId: row.ownerId, status: row.status };
  const actions: TrekkerRowAction[] = [];
  // Pay: the registering user while the card is unpaid. Edit: the board, in any status.
  if (canPay(viewer, reg)) actions.push("pay");
  else if (canEditRegistration(viewer, reg)) actions.push("edit");
  if (mayAct(viewer, "generate", row.ownerId) === "allowed" && canTransition("generate", row.status)) actions.push("generate");
  const moves = actionsFor(viewer, { status: row.status, returnState: row.returnState, ownerId: row.ownerId, ownerType: row.ownerType, scanned: row.scanned });
  for (const move of LIST_MOVES) if (moves.includes(move)) actions.push(move);
  return actions;
}
