import type { PermissionDeclaration } from "../roles";

/** Spec 1 §6: the bell for everyone but the board; the inbox for agencies and TAAN. */
export const notificationsPermissions = {
  notifications: [1, 2, 5, 6],
  inbox: [2, 6],
} as const satisfies PermissionDeclaration;
