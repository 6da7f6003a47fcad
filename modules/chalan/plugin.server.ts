import type { TimsModule } from "../contract";
import { chalanMigrations } from "./migrations";
import { chalanPermissions } from "./permissions";
import { PUSH_JOB, pushJob } from "./push.server";

export const chalanModule: TimsModule = {
  name: "chalan",
  migrations: chalanMigrations,
  permissions: chalanPermissions,
  sidebar: [
    { label: "Invoice", to: "/chalan", permission: "chalan", order: 120, icon: "invoice" },
    { label: "Chalan Error Log", to: "/chalanlog", permission: "chalan", order: 130, icon: "alert" },
    { label: "Pushed Chalan", to: "/pushed-chalanlog", permission: "chalan", order: 140, icon: "upload" },
  ],
  jobs: { [PUSH_JOB]: pushJob },
};
