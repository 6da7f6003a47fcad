// The ledger module's public entry for server code: the check, its job and its plugin.
export type { LedgerResult } from "./check.server";
export { LEDGER_CRON, LEDGER_INVARIANTS, LEDGER_JOB, checkLedgerAndNotify, ledgerLines, runLedgerCheck } from "./check.server";
export { ledgerModule } from "./plugin.server";
export { FEES as FEE_TABLE_SQL } from "./invariants.server";
