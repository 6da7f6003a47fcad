import type { TimsModule } from "../contract";
import { REBUILD_JOB, rebuildJob } from "./jobs.server";
import { statsMigrations } from "./migrations.server";

/** Per-day aggregates for the dashboard and the reports (ADR 0019). No pages, no permissions. */
export const statsModule: TimsModule = {
  name: "stats",
  migrations: statsMigrations,
  jobs: { [REBUILD_JOB]: rebuildJob },
};
