import type { TimsModule } from "../contract";
import { privacyMigrations } from "./migrations";
import { privacyPermissions } from "./permissions";
import { RETENTION_JOB, retentionJob, retentionSchedule } from "./retention.server";

/** Personal data kept only as long as needed, the audit log of staff views, one's own data (README.md). */
export const privacyModule: TimsModule = {
  name: "privacy",
  migrations: privacyMigrations,
  permissions: privacyPermissions,
  jobs: { [RETENTION_JOB]: retentionJob },
  schedules: [retentionSchedule],
  sidebar: [{ label: "Personal Data Log", to: "/audit/personal-data", permission: "personalDataAudit", order: 145, icon: "history" }],
};
