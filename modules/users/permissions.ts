import type { PermissionDeclaration } from "../roles";

/**
 * The users module's permissions (spec 1 §6, spec 2 §6): key -> the user types that hold it.
 * A leaf (it imports nothing at run time) so modules/permissions.ts can assemble the table
 * without an import cycle.
 */
export const usersPermissions = {
  users: [4, 6],
  usersNtbTab: [4],
  addUser: [4],
  manageUsers: [4],
  /** The Change buttons of another account's view; one's own account is changed in Account Settings. */
  accountChangeButtons: [4],
  settings: [1, 2, 4, 5, 6],
  /** Two-factor sign-in of one's own account (board and TAAN; modules/users/two-factor.ts). */
  twoFactor: [4, 6],
  /** The board's rule that staff must use two-factor sign-in. */
  twoFactorPolicy: [4],
  /** "One specific account" in the spec: grantable only. */
  changeUserPassword: [],
  /** Open the app as another user to see what they see (spec 1 §2.1, issue 17): the board. */
  switchUser: [4],
} as const satisfies PermissionDeclaration;
