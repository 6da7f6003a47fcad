import fs from "node:fs";
import path from "node:path";
import { Sequelize } from "sequelize";
import { config } from "../app/utils/config.server";

/**
 * The one Sequelize instance of this process. Models attach to it when their module is imported,
 * so it is created at import time from the configuration (DATABASE_URL or the SQLite file).
 */
function create(): Sequelize {
  const logging = process.env.DB_LOG === "1" ? console.log : false;
  if (config.databaseUrl) {
    return new Sequelize(config.databaseUrl, {
      logging,
      dialectOptions: { dateStrings: false, supportBigNumbers: true },
      pool: { max: Number(process.env.DB_POOL_MAX || 10), min: 0, idle: 10_000 },
      timezone: "+00:00",
    });
  }
  fs.mkdirSync(path.dirname(config.sqlitePath), { recursive: true });
  const db = new Sequelize({ dialect: "sqlite", storage: config.sqlitePath, logging });
  return db;
}

export const sequelize = create();

export const isSqlite = () => sequelize.getDialect() === "sqlite";

let sqliteTuned: Promise<void> | null = null;
/** WAL and a busy timeout let the web process and a worker share the SQLite file. */
export function tuneSqlite(): Promise<void> {
  if (!isSqlite()) return Promise.resolve();
  sqliteTuned ??= (async () => {
    await sequelize.query("PRAGMA journal_mode = WAL;");
    await sequelize.query("PRAGMA busy_timeout = 5000;");
    await sequelize.query("PRAGMA foreign_keys = ON;");
  })();
  return sqliteTuned;
}
