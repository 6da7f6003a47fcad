import type { TimsModule } from "../contract";
import { seedDemoUsers } from "./demo.server";
import { userMigrations } from "./migrations";

export const usersModule: TimsModule = {
  name: "users",
  migrations: userMigrations,
  seedDemo: seedDemoUsers,
};
