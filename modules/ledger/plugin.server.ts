import type { TimsModule } from "../contract";
import { LEDGER_JOB, ledgerJob, ledgerSchedule } from "./check.server";

/** The ledger check (docs/ledger.md): no tables, no pages, no permissions; a daily job. */
export const ledgerModule: TimsModule = {
  name: "ledger",
  jobs: { [LEDGER_JOB]: ledgerJob },
  schedules: [ledgerSchedule],
};
