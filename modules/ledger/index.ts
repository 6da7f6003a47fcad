// The ledger's public entry without the server: its nightly schedule, for a bench or a tool that
// must name the job before it opens the database (bench/peak-hour.ts).
export { LEDGER_CRON, LEDGER_JOB, ledgerSchedule } from "./schedule";
