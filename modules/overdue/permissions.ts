import type { PermissionDeclaration } from "../roles";

/**
 * The overdue module's permissions (issue 18 item 4): the board sees every overdue trekker (the
 * dashboard block) and marks any of them safe; an agency marks its own trekkers safe.
 */
export const overduePermissions = {
  overdueTrekkers: [4],
  overdueMarkOwnSafe: [2],
} as const satisfies PermissionDeclaration;
