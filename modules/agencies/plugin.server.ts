import type { TimsModule } from "../contract";
import { agencyMigrations } from "./migrations";
import { agenciesPermissions } from "./permissions";

/** Agency onboarding and review; onboarding pages are reached by the guard's redirects. */
export const agenciesModule: TimsModule = {
  name: "agencies",
  migrations: agencyMigrations,
  permissions: agenciesPermissions,
  sidebar: [{ label: "Requests", to: "/requests", permission: "requests", order: 110, icon: "requests" }],
};
