import type { TimsModule } from "../contract";
import { notificationMigrations } from "./migrations";
import { notificationsPermissions } from "./permissions";

export const notificationsModule: TimsModule = {
  name: "notifications",
  migrations: notificationMigrations,
  permissions: notificationsPermissions,
};
