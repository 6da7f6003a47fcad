import type { TimsModule } from "../contract";
import { paymentMigrations } from "./migrations";
import { paymentsPermissions } from "./permissions";
import { refundMigrations } from "./refund-migrations";
import { RECONCILE_JOB, reconcileJob, reconcileSchedule } from "./reconcile.server";

export const paymentsModule: TimsModule = {
  name: "payments",
  migrations: [...paymentMigrations, ...refundMigrations],
  permissions: paymentsPermissions,
  sidebar: [{ label: "Refunds", to: "/refunds", permission: "refunds", order: 115, icon: "refund" }],
  jobs: { [RECONCILE_JOB]: reconcileJob },
  schedules: [reconcileSchedule],
};
