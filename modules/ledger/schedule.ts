export const LEDGER_JOB = "ledger.check";
/** Daily at 00:50 Nepal time: after the card sweep (00:05) and the overdue run (00:30) have moved the day's cards. */
export const LEDGER_CRON = "50 0 * * *";
export const ledgerSchedule = { job: LEDGER_JOB, cron: LEDGER_CRON } as const;
