import type { TimsModule } from "../contract";
import { overdueMigrations } from "./migrations";
import { overduePermissions } from "./permissions";
import { OVERDUE_JOB, overdueJob, overdueSchedule } from "./service.server";

export const overdueModule: TimsModule = {
  name: "overdue",
  migrations: overdueMigrations,
  permissions: overduePermissions,
  jobs: { [OVERDUE_JOB]: overdueJob },
  schedules: [overdueSchedule],
};
