import { Umzug, SequelizeStorage } from "umzug";
import { sequelize, tuneSqlite } from "./sequelize.server";
import type { Migration } from "./types";

export type { Migration } from "./types";

let provide: (() => Promise<readonly Migration[]>) | undefined;

/**
 * Called by the process entries with the composition root's migrations (app/composition.server.ts):
 * db/ imports no module (ADR 0045). A loader lets the test set-up register without importing them all.
 */
export function registerMigrations(list: readonly Migration[] | (() => Promise<readonly Migration[]>)): void {
  provide = typeof list === "function" ? list : async () => list;
}

/** Umzug over every module's migrations, sorted globally by name (date-prefixed). */
export async function migrator() {
  if (!provide) throw new Error("No migrations registered: the process entry calls registerMigrations (app/composition.server.ts composeApp)");
  const migrations = (await provide()).map((m) => ({
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
