import type { TimsModule } from "../contract";
import { seedDemoRoutes } from "./demo.server";
import { trekRouteMigrations } from "./migrations";
import { trekRoutesPermissions } from "./permissions";

export const trekRoutesModule: TimsModule = {
  name: "trek-routes",
  migrations: trekRouteMigrations,
  permissions: trekRoutesPermissions,
  sidebar: [{ label: "Route", to: "/route", permission: "routes", order: 80, icon: "route" }],
  seedDemo: seedDemoRoutes,
};
