import type { PermissionDeclaration } from "../roles";

/** The registration module's permissions (spec 1 §6, spec 2 §6): registering treks and the trekker lists. */
export const registrationPermissions = {
  registerTrek: [1, 2, 5],
  trekkingHistory: [1],
  trekkers: [2, 4, 5, 6],
  /** The trekker lists show every trekker (board, TAAN); other holders of `trekkers` see their own. */
  trekkersAll: [4, 6],
  deletedTrekkers: [4],
  /** The board edits any registration, in any status. */
  cardsEdit: [4],
} as const satisfies PermissionDeclaration;
