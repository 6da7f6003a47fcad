// The overdue module's public entry for server code (the model stays private).
export {
  type OverdueReason,
  DEFAULT_OVERDUE_GRACE_DAYS,
  DEFAULT_OVERDUE_LOOKBACK_DAYS,
  OVERDUE_REASON_LABELS,
  SAFE_MESSAGES,
  mayMarkSafe,
  overduePermissions,
} from "./index";
export { markSafeSchema } from "./index.schemas";
export type { OverdueRunCounts, OverdueRunOptions, OverdueSummary, OverdueView, SafeRecord } from "./service.server";
export {
  OVERDUE_JOB,
  findOverdueTrekkers,
  markSafe,
  overdueForMarking,
  overdueGraceDays,
  overdueListHook,
  overdueRecord,
  overdueSummary,
  overdueTrekkerSubquery,
  safeMarkableAmong,
} from "./service.server";
export { overdueModule } from "./plugin.server";
