import type { TimsModule } from "../contract";

export const dashboardModule: TimsModule = {
  name: "dashboard",
  sidebar: [{ label: "Dashboard", to: "/dashboard", permission: "dashboard", order: 20, icon: "dashboard" }],
};
