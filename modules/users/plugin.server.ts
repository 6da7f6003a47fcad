import type { TimsModule } from "../contract";
import { seedDemoUsers } from "./demo.server";
import { userMigrations } from "./migrations";
import { throttleMigrations } from "./throttle-migrations";
import { twoFactorMigrations } from "./two-factor-migrations";
import { switchMigrations } from "./switch-migrations";
import { languageMigrations } from "./language-migrations";
import { usersPermissions } from "./permissions";

export const usersModule: TimsModule = {
  name: "users",
  migrations: [...userMigrations, ...throttleMigrations, ...twoFactorMigrations, ...switchMigrations, ...languageMigrations],
  permissions: usersPermissions,
  sidebar: [
    { label: "Users", to: "/users", permission: "users", order: 40, icon: "users" },
    { label: "Reset Password", to: "/change-user-password", permission: "changeUserPassword", order: 160, icon: "key" },
  ],
  seedDemo: seedDemoUsers,
};
