import { Umzug, SequelizeStorage } from "umzug";
import { sequelize, tuneSqlite } from "./sequelize.server";
import { registeredMigrations } from "./registration";

export type { Migration } from "./types";
export { registerMigrations } from "./registration";

/** Umzug over every module's migrations, sorted globally by name (date-prefixed). */
export async function migrator() {
  const migrations = (await registeredMigrations()).map((m) => ({
    name: m.name,
    up: () => m.up(sequelize.getQueryInterface(), sequelize),
    down: () => m.down(sequelize.getQueryInterface(), sequelize),
  }));
  return new Umzug({
    migrations,
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize, tableName: "schema_migrations" }),
    logger: process.env.MIGRATE_LOG === "1" ? console : undefined,
  });
}

export async function migrate(): Promise<string[]> {
  await tuneSqlite();
  const done = await (await migrator()).up();
  return done.map((m) => m.name);
}
