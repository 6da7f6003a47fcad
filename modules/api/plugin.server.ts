import type { TimsModule } from "../contract";
import { apiMigrations } from "./migrations";
import { apiPermissions } from "./permissions";

export const apiModule: TimsModule = {
  name: "api",
  migrations: apiMigrations,
  permissions: apiPermissions,
  sidebar: [{ label: "API Devices", to: "/api-devices", permission: "apiDevices", order: 170, icon: "key" }],
};
