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
export { caseMoveSchema, markSafeSchema } from "./index.schemas";
export type { CaseMove, CaseState } from "./index";
export { CASE_MESSAGES, CASE_MOVES, CASE_STATE_LABELS, isCaseMove, mayUseCases } from "./index";
export { overdueCaseList } from "./index.ui";
export type { CaseDetail, CaseMoveView, CaseRow } from "./cases.server";
export { caseDetail, moveCase, openCaseSource } from "./cases.server";
export { rescueSheet, rescueSheetHtml, rescueSheetPdf } from "./rescue-sheet.server";
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
export type { FollowerPage } from "./follow.server";
export { followerPage } from "./follow.server";
export { overdueModule } from "./plugin.server";
