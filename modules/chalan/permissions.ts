import type { PermissionDeclaration } from "../roles";

/** The chalan module's permission (spec 1 §6, spec 2 §6): only the board pushes sales to its ERP and reads the logs. */
export const chalanPermissions = {
  chalan: [4],
} as const satisfies PermissionDeclaration;
