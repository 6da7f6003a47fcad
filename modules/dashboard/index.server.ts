// The dashboard module's public entry for server code (services, models stay private).
export { dashboardModule } from "./plugin.server";
export { dashboardSummary } from "./summary.server";
