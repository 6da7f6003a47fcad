import type { PermissionDeclaration } from "../roles";

/**
 * The privacy module's permissions (issue 31 item 5): the board reads who viewed trekkers'
 * personal data. Downloading one's own data needs no permission: every signed-in user may.
 */
export const privacyPermissions = {
  personalDataAudit: [4],
} as const satisfies PermissionDeclaration;
