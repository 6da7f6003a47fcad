import type { PermissionDeclaration } from "../roles";

/**
 * The overdue module's permissions (issue 18 item 4): the board sees every overdue trekker (the
 * dashboard block) and marks any of them safe; an agency marks its own trekkers safe. Who moves
 * an escalation case is cases.ts's table.
 */
export const overduePermissions = {
  overdueTrekkers: [4],
  overdueMarkOwnSafe: [2],
  /** TAAN acts on the overdue cases of its member agencies' trekkers (issue 29, cases.ts). */
  overdueCasesMembers: [6],
  /** The case pages at all: the list, a case, its rescue sheet; each row is checked by cases.ts. */
  overdueCases: [2, 4, 6],
} as const satisfies PermissionDeclaration;
