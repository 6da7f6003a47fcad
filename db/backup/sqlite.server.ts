/**
 * SQLite's side of a backup: a copy made with SQLite's online backup API (consistent while the
 * app writes: the copy is one read transaction's view, WAL included), and what the manifest and
 * the restore need to know of a database file.
 */
import fs from "node:fs";
import sqlite3 from "sqlite3";

interface SqliteBackup {
  step(pages: number, callback: (error: Error | null) => void): void;
  finish(callback?: (error: Error | null) => void): void;
  readonly completed: boolean;
  readonly failed: boolean;
}
type WithBackup = sqlite3.Database & { backup(filename: string, callback?: (error: Error | null) => void): SqliteBackup };

function open(file: string, mode: number): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db: sqlite3.Database = new sqlite3.Database(file, mode, (error) => (error ? reject(error) : resolve(db)));
  });
}
const close = (db: sqlite3.Database) => new Promise<void>((resolve, reject) => db.close((e) => (e ? reject(e) : resolve())));
const all = <T>(db: sqlite3.Database, sql: string) =>
  new Promise<T[]>((resolve, reject) => db.all(sql, (e: Error | null, rows: T[]) => (e ? reject(e) : resolve(rows))));

/**
 * Copies the database at `source` to `target` (a new file). All pages are copied in one step, so
 * the copy is one snapshot; a writer holding the lock at that moment makes the step wait (BUSY)
 * and it is tried again.
 */
export async function snapshotSqlite(source: string, target: string): Promise<void> {
  if (!fs.existsSync(source)) throw new Error(`There is no SQLite database at ${source}.`);
  const db = (await open(source, sqlite3.OPEN_READONLY)) as WithBackup;
  try {
    const backup = await new Promise<SqliteBackup>((resolve, reject) => {
      const b = db.backup(target, (error) => (error ? reject(error) : resolve(b)));
    });
    for (let tries = 0; !backup.completed; tries++) {
      const error = await new Promise<Error | null>((resolve) => backup.step(-1, resolve));
      if (backup.completed) break;
      if (backup.failed || tries > 200) {
        backup.finish();
        throw error ?? new Error(`SQLite's backup of ${source} failed.`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise<void>((resolve, reject) => backup.finish((e) => (e ? reject(e) : resolve())));
  } finally {
    await close(db);
  }
}

export interface DatabaseFacts {
  /** Rows per table (every table, empty ones included). */
  tables: Record<string, number>;
  /** The names in schema_migrations, in order. */
  migrations: string[];
}

/** Row counts and applied migrations of a SQLite file (a snapshot or a restored copy). */
export async function sqliteFacts(file: string): Promise<DatabaseFacts> {
  const db = await open(file, sqlite3.OPEN_READONLY);
  try {
    const names = await all<{ name: string }>(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
    const tables: Record<string, number> = {};
    for (const { name } of names) {
      const [row] = await all<{ n: number }>(db, `SELECT COUNT(*) AS n FROM "${name.replace(/"/g, '""')}"`);
      tables[name] = Number(row.n);
    }
    const migrations = names.some((t) => t.name === "schema_migrations")
      ? (await all<{ name: string }>(db, "SELECT name FROM schema_migrations ORDER BY name")).map((r) => r.name)
      : [];
    return { tables, migrations };
  } finally {
    await close(db);
  }
}

/** Whether the SQLite file at `file` holds no table (or does not exist). */
export async function sqliteIsEmpty(file: string): Promise<boolean> {
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return true;
  return Object.keys((await sqliteFacts(file)).tables).length === 0;
}

/** Removes the database file and its WAL and shared-memory files (a restore with --force). */
export function removeSqlite(file: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
}
