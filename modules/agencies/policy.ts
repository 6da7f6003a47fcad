import { can, type PermissionHolder } from "../users/permission-table";

/** Agency documents are private: the reviewers (board, TAAN) and the agency itself. */
export function canSeeAgencyDocuments(viewer: PermissionHolder & { id: number }, agencyId: number): boolean {
  return can(viewer, "requests") || viewer.id === agencyId;
}
