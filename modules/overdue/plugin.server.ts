import type { TimsModule } from "../contract";
import { overdueCaseMigrations, overdueMigrations } from "./migrations";
import { overduePermissions } from "./permissions";
import { OVERDUE_JOB, overdueJob, overdueSchedule } from "./service.server";

export const overdueModule: TimsModule = {
  name: "overdue",
  migrations: [...overdueMigrations, ...overdueCaseMigrations],
  permissions: overduePermissions,
  jobs: { [OVERDUE_JOB]: overdueJob },
  schedules: [overdueSchedule],
};
