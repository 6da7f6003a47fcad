import type { TimsModule } from "../contract";
import { dashboardPermissions } from "./permissions";

export const dashboardModule: TimsModule = {
  name: "dashboard",
  permissions: dashboardPermissions,
  sidebar: [
    { label: "Dashboard", to: "/dashboard", permission: "dashboard", order: 20, icon: "dashboard" },
    { label: "Reports", to: "/reports", permission: "reports", order: 95, icon: "dashboard" },
  ],
};
