import fs from "node:fs";
import path from "node:path";
import { Sequelize, Transaction } from "sequelize";
import { config } from "@lib/config.server";
import { databaseTls } from "@lib/database-tls.server";
import { loggerFor } from "@lib/observability/logger.server";

/**
 * The one Sequelize instance of this process. Models attach to it when their module is imported,
 * so it is created at import time from the configuration (DATABASE_URL or the SQLite file).
 */
function create(): Sequelize {
  const logging = process.env.DB_LOG === "1" ? console.log : false;
  if (config.databaseUrl) {
    return new Sequelize(config.databaseUrl, {
      logging,
      dialectOptions: { dateStrings: false, supportBigNumbers: true, ssl: databaseTls() },
      pool: { max: Number(process.env.DB_POOL_MAX || 10), min: 0, idle: 10_000 },
      timezone: "+00:00",
    });
  }
  fs.mkdirSync(path.dirname(config.sqlitePath), { recursive: true });
  const db = new Sequelize({ dialect: "sqlite", storage: config.sqlitePath, logging });
  // Sequelize opens one SQLite connection per transaction and runs no connect hooks for SQLite;
  // each connection needs its own busy timeout or concurrent writers fail at once with SQLITE_BUSY.
  const manager = db.connectionManager as unknown as {
    getConnection: (o?: unknown) => Promise<{ configure?: (k: string, v: number) => void; __tuned?: boolean }>;
  };
  const open = manager.getConnection.bind(manager);
  manager.getConnection = async (options) => {
    const connection = await open(options);
    if (!connection.__tuned) {
      connection.configure?.("busyTimeout", 15_000);
      connection.__tuned = true;
    }
    return connection;
  };
  return db;
}

export const sequelize = create();

export const isSqlite = () => sequelize.getDialect() === "sqlite";

/**
 * A transaction that writes. On SQLite it takes the write lock at BEGIN (IMMEDIATE), so two
 * writers queue on the busy timeout instead of failing when a reader upgrades; MySQL ignores it.
 */
export function writeTransaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
  let locked = 0;
  const body = async (transaction: Transaction) => {
    locked = performance.now();
    lastWrites.set(transaction, []);
    const result = await work(transaction);
    await runLastWrites(transaction);
    return result;
  };
  if (!isSqlite()) return withDeadlockRetry(() => sequelize.transaction(body));
  // node-sqlite3 runs statements on libuv's small thread pool; writers waiting in SQLite's busy
  // handler would occupy every thread and starve the one holding the lock. Queue them here.
  const caller = new Error("write transaction");
  const run = sqliteWriters.then(() => sequelize.transaction({ type: Transaction.TYPES.IMMEDIATE }, body).finally(() => locked && heldFor(caller, locked)));
  sqliteWriters = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}
let sqliteWriters: Promise<void> = Promise.resolve();

/**
 * SQLite has one write lock for all processes: a transaction holding it for seconds makes every
 * other process's writer wait and, past the busy timeout, fail with SQLITE_BUSY. Such a hold (from
 * BEGIN's lock to the commit) is logged with where the transaction was opened, so the slow writer
 * is named, not its victims.
 */
const LONG_HOLD_MS = 3_000;
function heldFor(caller: Error, since: number): void {
  const ms = Math.round(performance.now() - since);
  if (ms <= LONG_HOLD_MS) return;
  const at = (caller.stack ?? "")
    .split("\n")
    .slice(2, 7)
    .map((l) => l.trim());
  loggerFor("db").warn({ ms, at }, "A write transaction held SQLite's write lock for %d ms", ms);
}

/**
 * Writes to rows every transaction of a kind touches (the day's statistics rows), kept for the
 * end of their transaction (docs/adr/0052-hot-rows-last.md): InnoDB holds a row lock until the
 * commit, so a hot row written early makes every concurrent payment wait for the whole of the
 * first one. Each key runs once, after the transaction's work and before its commit, keys in
 * their sorted order (two transactions never take two hot rows in opposite orders).
 */
const lastWrites = new WeakMap<Transaction, { key: string; run: () => Promise<void> }[]>();

/**
 * Runs `run` at the end of `transaction` (once per `key`: a second call with the same key is
 * dropped, so a caller buffers its rows and registers one flush). In a transaction not opened by
 * writeTransaction it runs at once: nothing is ever left unwritten. Returns whether it was kept.
 */
export async function lastInTransaction(transaction: Transaction, key: string, run: () => Promise<void>): Promise<boolean> {
  const pending = lastWrites.get(transaction);
  if (!pending) {
    await run();
    return false;
  }
  if (!pending.some((w) => w.key === key)) pending.push({ key, run });
  return true;
}

async function runLastWrites(transaction: Transaction): Promise<void> {
  const pending = lastWrites.get(transaction) ?? [];
  lastWrites.delete(transaction);
  pending.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const w of pending) await w.run();
}

/** InnoDB chose this transaction as a deadlock's victim (and rolled it back whole). */
export function isDeadlock(error: unknown): boolean {
  const e = error as { parent?: { errno?: number; code?: string }; original?: { errno?: number } } | null;
  return e?.parent?.errno === 1213 || e?.parent?.code === "ER_LOCK_DEADLOCK" || e?.original?.errno === 1213;
}

/** Tries of a write transaction that InnoDB keeps picking as a deadlock's victim. */
export const DEADLOCK_TRIES = 5;

/**
 * MySQL: a transaction rolled back as a deadlock's victim runs again, after a short random wait.
 * Concurrent payments settling at once (a burst of group payments) lock a registration, its
 * trekkers, the card counter, bills and jobs; InnoDB's next-key locks on the secondary indexes
 * make some of them deadlock, and the victim's rollback left a paid gateway attempt unsettled
 * (a 500 at the gateway's return) until reconciliation. The work is a transaction callback: all
 * it wrote was rolled back, and after-commit hooks of the failed try never run.
 */
async function withDeadlockRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= DEADLOCK_TRIES || !isDeadlock(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

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
