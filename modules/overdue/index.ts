// The overdue module's light public entry for code that may run in the browser: pure rules.
export type { OverdueReason } from "./rules";
export { DEFAULT_OVERDUE_GRACE_DAYS, DEFAULT_OVERDUE_LOOKBACK_DAYS, OVERDUE_REASON_LABELS, SAFE_MESSAGES, mayMarkSafe } from "./rules";
export { overduePermissions } from "./permissions";
export type { CaseMove, CaseState, ExpectedPosition } from "./cases";
export {
  CASE_MESSAGES,
  CASE_MOVES,
  CASE_STATES,
  CASE_STATE_LABELS,
  caseAgeDays,
  expectedPosition,
  isCaseMove,
  mayMoveCase,
  mayUseCases,
  mayViewCase,
  movesFor,
} from "./cases";
