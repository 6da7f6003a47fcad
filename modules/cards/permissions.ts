import type { PermissionDeclaration } from "../roles";

/** The cards module's permissions (spec 1 §6, spec 2 §6); lifecycle.ts says which move needs which. */
export const cardsPermissions = {
  timsCards: [1],
  cardsCancel: [4],
  cardsDelete: [2],
  /** Return any card (the board); holders return their own cards with registerTrek. */
  cardsReturnAny: [4],
  /** Approve or reject any returned card (the board). */
  cardsReturnDecide: [4],
  /** Approve or reject returned cards of trekking agencies' registrations (TAAN, for its members). */
  cardsReturnDecideMembers: [6],
  requestsCardReturns: [4],
  /** "One specific account" in the spec: grantable only. */
  generateCard: [],
} as const satisfies PermissionDeclaration;
