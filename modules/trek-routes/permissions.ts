import type { PermissionDeclaration } from "../roles";

/** The trek-routes module's permissions (spec 1 §6): everyone reads routes, the board manages them. */
export const trekRoutesPermissions = {
  routes: [1, 2, 4, 5, 6],
  routesAdd: [4],
} as const satisfies PermissionDeclaration;
