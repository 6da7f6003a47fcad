import { inScope, type PermissionHolder, type PermissionScope } from "@modules/permissions";

/**
 * Row rules of the agencies module as scopes. Agency documents are private: the reviewers (board,
 * TAAN) see any agency's, an agency only its own (the agency's row is its user id).
 */
export const AGENCY_SCOPES = {
  documents: [
    { permission: "requests", rows: "any" },
    { permission: "uploadDocuments", rows: "own" },
  ],
} as const satisfies Record<string, readonly PermissionScope[]>;

export function canSeeAgencyDocuments(viewer: PermissionHolder & { id: number }, agencyId: number): boolean {
  return inScope(viewer, AGENCY_SCOPES.documents, agencyId);
}
