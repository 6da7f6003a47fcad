/**
 * `npm run backup` and `npm run restore` (docs/operations.md, "Backups"): one .tar.gz holding the
 * database (a SQLite file made with the online backup API, or a MariaDB dump taken in one
 * snapshot), the files directory, and last a manifest with the row count of every table and the
 * SHA-256 of every member. A restore reads the archive twice: first only to check every member
 * against the manifest (nothing is written if one fails), then to write into an empty database
 * and files directory, after which it compares the restored row counts with the manifest.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { dumpMariadb, loadMariadb, mariadbFacts, mariadbTables, mariadbTarget, prepareMariadb } from "./mariadb.server";
import { removeSqlite, snapshotSqlite, sqliteFacts, sqliteIsEmpty, type DatabaseFacts } from "./sqlite.server";
import { END_OF_ARCHIVE, fileHeader, hashing, padding, readTar, TarError } from "./tar.server";

export type DatabaseTarget = { kind: "sqlite"; path: string } | { kind: "mariadb"; url: string };

/** The database the app uses, as lib/config.server.ts decides it (DATABASE_URL, else the SQLite file). */
export function databaseTargetOf(cfg: { databaseUrl: string; sqlitePath: string }): DatabaseTarget {
  return cfg.databaseUrl ? { kind: "mariadb", url: cfg.databaseUrl } : { kind: "sqlite", path: cfg.sqlitePath };
}

/** What an operator reads in a message: never a password. */
export function describeTarget(t: DatabaseTarget): string {
  if (t.kind === "sqlite") return `the SQLite database ${t.path}`;
  const m = mariadbTarget(t.url);
  return `the MariaDB database ${m.database} on ${m.host}:${m.port}`;
}

export const MANIFEST = "manifest.json";
const FORMAT = "tims-backup/1";
const DATABASE_MEMBER = { sqlite: "database/tims.sqlite", mariadb: "database/dump.sql" } as const;

export interface ManifestMember {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  app: { name: string; commit: string | null; migration: string | null; migrations: number };
  database: { kind: DatabaseTarget["kind"]; member: string; tables: Record<string, number> };
  files: { count: number; bytes: number };
  members: ManifestMember[];
}

/** Exit codes the scripts use (docs/operations.md). */
export const EXIT = { failed: 1, usage: 2, archiveRefused: 3, targetNotEmpty: 4 } as const;

/** A refusal or failure with the sentence an operator reads and the exit code to leave with. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failed,
  ) {
    super(message);
  }
}

/** Regular files under `dir`, relative, "/"-separated, sorted; files still being written (*.tmp, by storeFile) are left out. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string) {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile() && !e.name.endsWith(".tmp")) out.push(child);
    }
  }
  await walk("");
  return out;
}

/** SHA-256 of every file under `dir`, keyed by its relative path (the drill compares a restored directory with this). */
export async function hashTree(dir: string): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const rel of await listFiles(dir)) {
    const hash = crypto.createHash("sha256");
    await pipeline(fs.createReadStream(path.join(dir, rel)), hash);
    sums[rel] = hash.digest("hex");
  }
  return sums;
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")
    .replace("T", "-");

export interface BackupOptions {
  database: DatabaseTarget;
  filesDir: string;
  outDir: string;
  app?: { name: string; commit: string | null };
  now?: Date;
}

/**
 * Writes the archive (under a .partial name, renamed when whole) and a `.sha256` file beside it
 * for `sha256sum -c` after a copy off the machine. The database is copied first, then the files:
 * a file the copied database names was stored before its row was written (storeFile, then the
 * transaction), so it is in the archive unless it was deleted in the meantime.
 */
export async function createBackup(opts: BackupOptions): Promise<{ file: string; manifest: Manifest }> {
  const now = opts.now ?? new Date();
  await fsp.mkdir(opts.outDir, { recursive: true });
  const work = await fsp.mkdtemp(path.join(opts.outDir, ".tims-backup-"));
  try {
    const kind = opts.database.kind;
    const dbFile = path.join(work, path.basename(DATABASE_MEMBER[kind]));
    const facts: DatabaseFacts =
      opts.database.kind === "sqlite"
        ? await snapshotSqlite(opts.database.path, dbFile).then(() => sqliteFacts(dbFile))
        : await dumpMariadb(opts.database.url, dbFile, work);

    const members: ManifestMember[] = [];
    let fileBytes = 0;
    const fileList = await listFiles(opts.filesDir);
    async function* member(name: string, source: string): AsyncGenerator<Buffer> {
      let size: number;
      let stream: fs.ReadStream;
      try {
        size = (await fsp.stat(source)).size;
        stream = fs.createReadStream(source);
        await new Promise((resolve, reject) => stream.once("open", resolve).once("error", reject));
      } catch (error) {
        // Deleted since the listing (a file the app removed): nothing to keep.
        if ((error as NodeJS.ErrnoException).code === "ENOENT" && name !== DATABASE_MEMBER[kind]) return;
        throw error;
      }
      yield fileHeader(name, size, now);
      const hashed = hashing(stream);
      for await (const chunk of hashed.chunks()) yield chunk;
      const sum = hashed.digest();
      // Stored files are written under a temporary name and renamed: one that changes in place is not ours to half-copy.
      if (sum.size !== size) throw new BackupError(`${source} changed size while it was archived; run the backup again.`);
      yield padding(size);
      members.push({ path: name, ...sum });
      if (name !== DATABASE_MEMBER[kind]) fileBytes += size;
    }

    const manifest = {} as Manifest;
    async function* tar(): AsyncGenerator<Buffer> {
      yield* member(DATABASE_MEMBER[kind], dbFile);
      for (const rel of fileList) yield* member(`files/${rel}`, path.join(opts.filesDir, rel));
      Object.assign(manifest, {
        format: FORMAT,
        createdAt: now.toISOString(),
        app: {
          name: opts.app?.name ?? "tims",
          commit: opts.app?.commit ?? null,
          migration: facts.migrations.at(-1) ?? null,
          migrations: facts.migrations.length,
        },
        database: { kind, member: DATABASE_MEMBER[kind], tables: facts.tables },
        files: { count: members.length - 1, bytes: fileBytes },
        members,
      } satisfies Manifest);
      const body = Buffer.from(JSON.stringify(manifest, null, 2) + "\n");
      yield fileHeader(MANIFEST, body.length, now);
      yield body;
      yield padding(body.length);
      yield END_OF_ARCHIVE;
    }

    const file = path.join(opts.outDir, `tims-backup-${stamp(now)}.tar.gz`);
    const partial = `${file}.partial`;
    const archiveHash = crypto.createHash("sha256");
    const hashed = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        archiveHash.update(chunk);
        yield chunk;
      }
    };
    await pipeline(tar(), zlib.createGzip(), hashed, fs.createWriteStream(partial));
    await fsp.rename(partial, file);
    await fsp.writeFile(`${file}.sha256`, `${archiveHash.digest("hex")}  ${path.basename(file)}\n`);
    return { file, manifest };
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** An error met reading the archive, as the sentence an operator reads. */
function explain(error: unknown, file: string, where: string): unknown {
  if (error instanceof BackupError) return error;
  if (error instanceof TarError) return new BackupError(error.message, EXIT.archiveRefused);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return new BackupError(`There is no archive at ${file}.`, EXIT.usage);
  if (code?.startsWith("Z_")) return new BackupError(`The archive is damaged (${(error as Error).message}) in ${where}.`, EXIT.archiveRefused);
  return error;
}

/** The archive's members in order, decompressed; a damaged archive names the member it was reading. */
async function* members(file: string) {
  let current = "the start of the archive";
  const source = zlib.createGunzip();
  // pipe() does not pass a read error on: the missing or unreadable file would leave gunzip waiting.
  fs.createReadStream(file)
    .on("error", (error) => source.destroy(error))
    .pipe(source);
  async function* body(inner: AsyncIterable<Buffer>, where: string) {
    try {
      yield* inner;
    } catch (error) {
      throw explain(error, file, where);
    }
  }
  try {
    for await (const m of readTar(source)) {
      current = `the member ${m.path}`;
      yield { ...m, body: body(m.body, current) };
    }
  } catch (error) {
    throw explain(error, file, current);
  } finally {
    source.destroy();
  }
}

/** Parses and checks the manifest's shape; a refusal names what is wrong. */
function parseManifest(bytes: Buffer): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(bytes.toString("utf8")) as Manifest;
  } catch {
    throw new BackupError(`The archive's ${MANIFEST} is not JSON: not a TIMS backup.`, EXIT.archiveRefused);
  }
  if (manifest?.format !== FORMAT || !Array.isArray(manifest.members) || !manifest.database?.member) {
    throw new BackupError(`The archive's ${MANIFEST} is not a ${FORMAT} manifest.`, EXIT.archiveRefused);
  }
  return manifest;
}

/**
 * Reads the whole archive and checks every member's size and SHA-256 against the manifest (the
 * last member), and that the archive holds exactly the manifest's members. Writes nothing.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: Manifest | null = null;
  for await (const m of members(file)) {
    if (manifest) throw new BackupError(`The member ${m.path} follows ${MANIFEST}: not a TIMS backup.`, EXIT.archiveRefused);
    if (m.path === MANIFEST) {
      const chunks: Buffer[] = [];
      for await (const chunk of m.body) chunks.push(chunk);
      manifest = parseManifest(Buffer.concat(chunks));
      continue;
    }
    const hashed = hashing(m.body);
    for await (const chunk of hashed.chunks()) void chunk;
    seen.set(m.path, hashed.digest());
  }
  if (!manifest) throw new BackupError(`The archive has no ${MANIFEST}: it is incomplete or not a TIMS backup.`, EXIT.archiveRefused);
  for (const expected of manifest.members) {
    const found = seen.get(expected.path);
    if (!found) throw new BackupError(`The member ${expected.path} the manifest lists is missing from the archive.`, EXIT.archiveRefused);
    if (found.sha256 !== expected.sha256 || found.size !== expected.size) {
      throw new BackupError(
        `The member ${expected.path} is corrupt: its SHA-256 is ${found.sha256} (${found.size} bytes), the manifest says ${expected.sha256} (${expected.size} bytes).`,
        EXIT.archiveRefused,
      );
    }
    seen.delete(expected.path);
  }
  const extra = [...seen.keys()][0];
  if (extra) throw new BackupError(`The member ${extra} is not in the manifest: the archive was altered.`, EXIT.archiveRefused);
  return manifest;
}

/** The tables a target database holds now (none when it is empty or absent). */
export async function targetTables(t: DatabaseTarget): Promise<string[]> {
  if (t.kind === "mariadb") return mariadbTables(t.url);
  return (await sqliteIsEmpty(t.path)) ? [] : Object.keys((await sqliteFacts(t.path)).tables);
}

export const restoredFacts = (t: DatabaseTarget): Promise<DatabaseFacts> => (t.kind === "sqlite" ? sqliteFacts(t.path) : mariadbFacts(t.url));

export interface RestoreOptions {
  archive: string;
  database: DatabaseTarget;
  filesDir: string;
  /** Replace a database and files directory that are not empty. */
  force?: boolean;
  /** The migrations this code knows: an archive made by a newer version (more migrations) is refused. */
  knownMigrations?: readonly string[];
  log?: (line: string) => void;
}

/** A member's path under `files/`, resolved inside `dir`; anything that would leave it is refused. */
function fileTarget(dir: string, member: string): string {
  const rel = member.slice("files/".length);
  const target = path.resolve(dir, rel);
  if (!rel || rel.split("/").some((p) => p === ".." || p === "" || p === ".") || !target.startsWith(path.resolve(dir) + path.sep)) {
    throw new BackupError(`The member ${member} would be written outside the files directory: refused.`, EXIT.archiveRefused);
  }
  return target;
}

export async function restoreBackup(opts: RestoreOptions): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const { database: target } = opts;
  log(`Checking ${opts.archive} …`);
  const manifest = await verifyArchive(opts.archive);
  log(
    `All ${manifest.members.length} members match the manifest (made ${manifest.createdAt}, ${manifest.database.kind}, migration ${manifest.app.migration ?? "none"}).`,
  );
  if (manifest.database.kind !== target.kind) {
    throw new BackupError(
      `The archive holds a ${manifest.database.kind} database and the target is ${describeTarget(target)}: restore it into the same kind of database.`,
      EXIT.archiveRefused,
    );
  }
  if (opts.knownMigrations) {
    const known = new Set(opts.knownMigrations);
    const unknown = Object.keys(manifest.database.tables).includes("schema_migrations") && manifest.app.migration && !known.has(manifest.app.migration);
    if (unknown) {
      throw new BackupError(
        `The archive's database is at migration ${manifest.app.migration}, which this version of TIMS does not have: restore it with the version that made it${manifest.app.commit ? ` (commit ${manifest.app.commit})` : ""}.`,
        EXIT.archiveRefused,
      );
    }
  }

  const tables = await targetTables(target);
  const files = await listFiles(opts.filesDir);
  if ((tables.length || files.length) && !opts.force) {
    const what = [
      tables.length ? `${describeTarget(target)} has ${tables.length} tables` : "",
      files.length ? `${opts.filesDir} holds ${files.length} files` : "",
    ]
      .filter(Boolean)
      .join(" and ");
    throw new BackupError(`Refused: ${what}. Restore into an empty database and files directory, or pass --force to replace them.`, EXIT.targetNotEmpty);
  }
  if (tables.length || files.length) log(`--force: replacing ${tables.length} tables and ${files.length} files.`);
  if (target.kind === "sqlite") removeSqlite(target.path);
  else await prepareMariadb(target.url, tables.length > 0);
  for (const rel of files) await fsp.rm(path.join(opts.filesDir, rel), { force: true });
  await fsp.mkdir(opts.filesDir, { recursive: true });

  const expected = new Map(manifest.members.map((m) => [m.path, m.sha256]));
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), "tims-restore-"));
  try {
    for await (const m of members(opts.archive)) {
      if (m.path === MANIFEST) continue;
      const hashed = hashing(m.body);
      // The archive was checked a moment ago; a copy that changed since is caught member by member.
      const check = () => {
        const sum = hashed.digest().sha256;
        if (sum !== expected.get(m.path)) throw new BackupError(`The member ${m.path} changed since it was checked: restore stopped.`, EXIT.archiveRefused);
      };
      if (m.path === manifest.database.member && target.kind === "sqlite") {
        await fsp.mkdir(path.dirname(target.path), { recursive: true });
        const partial = `${target.path}.restoring`;
        await pipeline(hashed.chunks(), fs.createWriteStream(partial));
        check();
        await fsp.rename(partial, target.path);
      } else if (m.path === manifest.database.member && target.kind === "mariadb") {
        await loadMariadb(target.url, hashed.chunks(), work);
        check();
      } else if (m.path.startsWith("files/")) {
        const file = fileTarget(opts.filesDir, m.path);
        await fsp.mkdir(path.dirname(file), { recursive: true });
        await pipeline(hashed.chunks(), fs.createWriteStream(`${file}.tmp`));
        check();
        await fsp.rename(`${file}.tmp`, file);
      } else throw new BackupError(`The member ${m.path} is neither the database nor a file: not a TIMS backup.`, EXIT.archiveRefused);
    }
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }

  const restored = await restoredFacts(target);
  const differing = Object.entries(manifest.database.tables).filter(([name, rows]) => restored.tables[name] !== rows);
  if (differing.length) {
    const [name, rows] = differing[0];
    throw new BackupError(
      `The restored database differs from the manifest: ${differing.length} tables, e.g. ${name} has ${restored.tables[name] ?? "no table"} rows, the manifest says ${rows}.`,
    );
  }
  log(
    `Restored ${Object.keys(restored.tables).length} tables (row counts match the manifest) and ${manifest.files.count} files into ${describeTarget(target)} and ${opts.filesDir}.`,
  );
  return manifest;
}
