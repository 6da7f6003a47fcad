import type { PermissionHolder } from "@modules/permissions";
import { mayMoveCase } from "./cases";

/**
 * Overdue trekkers (issue 18 item 4) as pure rules pages may show: why a trekker is overdue and
 * who may mark one safe. The daily job (service.server.ts) applies the dates.
 */

/** Days after the entry date a trekker may go unseen at every checkpoint before being overdue. */
export const DEFAULT_OVERDUE_GRACE_DAYS = 2;
/**
 * How far back the job looks (days before today, on the date that makes a trekker overdue): old
 * treks imported or finished before the job existed raise nothing; a job down longer misses them.
 */
export const DEFAULT_OVERDUE_LOOKBACK_DAYS = 30;

export const OVERDUE_REASONS = ["no-checkout", "never-seen"] as const;
export type OverdueReason = (typeof OVERDUE_REASONS)[number];

export const OVERDUE_REASON_LABELS: Record<OverdueReason, string> = {
  "no-checkout": "Checked in, not checked out after the exit date",
  "never-seen": "Not seen at any checkpoint since the entry date",
};

/**
 * Who may mark an overdue trekker safe: Mark Safe is the case's "found safe" move (cases.ts), so
 * the table decides (the board any, an agency its own). `ownerType` matters to TAAN's rule only,
 * which that move does not name; callers without it pass none.
 */
export function mayMarkSafe(viewer: (PermissionHolder & { id: number }) | null | undefined, ownerId: number, ownerType = 0): boolean {
  return mayMoveCase(viewer, "foundSafe", { ownerId, ownerType });
}

export const SAFE_MESSAGES = {
  done: "Trekker marked safe",
} as const;
