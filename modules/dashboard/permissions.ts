import type { PermissionDeclaration } from "../roles";

/** The dashboard module's permissions (spec 1 §6). */
export const dashboardPermissions = {
  dashboard: [4, 6],
  /** Season reports (issue 17): the board. */
  reports: [4],
} as const satisfies PermissionDeclaration;
