import type { PermissionDeclaration } from "../roles";

/**
 * The API module's permissions (issue 18 item 3): the board issues and revokes device tokens. A
 * device acts as the user it is tied to, so the endpoints check that user's own permissions.
 */
export const apiPermissions = {
  apiDevices: [4],
} as const satisfies PermissionDeclaration;
