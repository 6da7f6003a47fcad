import type { PermissionDeclaration } from "../roles";

/** The agencies module's permissions (spec 1 §6): reviewing requests, and an agency's own documents. */
export const agenciesPermissions = {
  requests: [4, 6],
  uploadDocuments: [2],
} as const satisfies PermissionDeclaration;
