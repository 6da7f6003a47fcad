// Targets, archives and the ledger check for the backup tests: a fresh database of the kind the
// test runs on (a SQLite file, or a new MariaDB database beside the test's own) and its files dir.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import mysql from "mysql2/promise";
import { config } from "@lib/config.server";
import { databaseTargetOf, type DatabaseTarget } from "../../db/backup/archive.server";
import { END_OF_ARCHIVE, fileHeader, padding, readTar } from "../../db/backup/tar.server";

const root = path.resolve(__dirname, "../..");
export const source = (): DatabaseTarget => databaseTargetOf(config);

const made: string[] = [];
let seq = 0;

/** An empty database of the test's kind, and a files directory, that `dropTargets` removes. */
export function freshTarget(): { database: DatabaseTarget; filesDir: string; dir: string } {
  const dir = path.join(config.dataDir, `restore-${++seq}`);
  const filesDir = path.join(dir, "files");
  const here = source();
  if (here.kind === "sqlite") return { database: { kind: "sqlite", path: path.join(dir, "tims.sqlite") }, filesDir, dir };
  const url = new URL(here.url);
  const name = `${url.pathname.slice(1)}_r${seq}`;
  made.push(name);
  url.pathname = `/${name}`;
  return { database: { kind: "mariadb", url: url.toString() }, filesDir, dir };
}

/** Drops the MariaDB databases freshTarget named (the SQLite files go with the test's data folder). */
export async function dropTargets(): Promise<void> {
  const here = source();
  if (here.kind !== "mariadb" || !made.length) return;
  const u = new URL(here.url);
  const conn = await mysql.createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  });
  for (const name of made.splice(0)) await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await conn.end();
}

/** `npm run ledger:check`'s code path (scripts/ledger-check.ts) against `target`: its exit code and output. */
export function ledgerCheck(target: DatabaseTarget): Promise<{ status: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.SQLITE_PATH;
  delete env.TIMS_MODE;
  if (target.kind === "sqlite") env.SQLITE_PATH = target.path;
  else env.DATABASE_URL = target.url;
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/ledger-check.ts"], { cwd: root, env });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, out }));
  });
}

/** Rewrites an archive member by member (`change` may return other bytes); the manifest is kept as it was. */
export async function repack(from: string, to: string, change: (path: string, bytes: Buffer) => Buffer): Promise<void> {
  const parts: Buffer[] = [];
  for await (const m of readTar(fs.createReadStream(from).pipe(zlib.createGunzip()))) {
    const chunks: Buffer[] = [];
    for await (const c of m.body) chunks.push(c);
    const bytes = change(m.path, Buffer.concat(chunks));
    parts.push(fileHeader(m.path, bytes.length), bytes, padding(bytes.length));
  }
  parts.push(END_OF_ARCHIVE);
  await pipeline([Buffer.concat(parts)], zlib.createGzip(), fs.createWriteStream(to));
}
