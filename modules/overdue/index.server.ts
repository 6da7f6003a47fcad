// The overdue module's public entry for server code (the model stays private).
export * from "./index";
export * from "./index.schemas";
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
