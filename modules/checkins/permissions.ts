import type { PermissionDeclaration } from "../roles";

/**
 * The check-ins module's permissions (spec 1 §6, spec 2 §6): checkposts scan; the board and TAAN
 * see self check-ins. `location` is the self check-in page's sidebar entry for signed-in trekkers,
 * agencies and checkposts; the page itself is public (spec 1 §2).
 */
export const checkinsPermissions = {
  scan: [5],
  selfScanTrekkers: [4, 6],
  location: [1, 2, 5],
} as const satisfies PermissionDeclaration;
