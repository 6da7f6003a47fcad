import type { TimsModule } from "../contract";
import { lifecycleMigrations } from "./lifecycle-migrations";
import { cardMigrations } from "./migrations";
import { cardPdfJobs } from "./pdf-jobs.server";
import { cardPdfMigrations } from "./pdf-migrations";
import { SWEEP_JOB, sweepJob, sweepSchedule } from "./sweeper.server";

export const cardsModule: TimsModule = {
  name: "cards",
  migrations: [...cardMigrations, ...lifecycleMigrations, ...cardPdfMigrations],
  jobs: { [SWEEP_JOB]: sweepJob, ...cardPdfJobs },
  schedules: [sweepSchedule],
  sidebar: [{ label: "TIMS Cards", to: "/tims-cards", permission: "timsCards", order: 100, icon: "card" }],
};
