import type { TimsModule } from "../contract";
import { seedDemoUsers } from "./demo.server";
import { userMigrations } from "./migrations";

export const usersModule: TimsModule = {
  name: "users",
  migrations: userMigrations,
  sidebar: [
    { label: "Users", to: "/users", permission: "users", order: 40, icon: "users" },
    { label: "Reset Password", to: "/change-user-password", permission: "changeUserPassword", order: 160, icon: "key" },
  ],
  seedDemo: seedDemoUsers,
};
