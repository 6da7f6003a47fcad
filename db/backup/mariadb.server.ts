/**
 * MariaDB's (and MySQL's) side of a backup: `mariadb-dump --single-transaction`, which reads every
 * table inside one REPEATABLE READ transaction started WITH CONSISTENT SNAPSHOT, so the dump is one
 * moment of the database while the app writes (all our tables are InnoDB); and a restore that
 * feeds the dump to the `mariadb` client. The client programs come with the server's packages
 * (Debian: mariadb-client); the password reaches them in a private options file, never argv.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import mysql from "mysql2/promise";
import { databaseTls } from "@lib/database-tls.server";
import type { DatabaseFacts } from "./sqlite.server";

export interface MariadbTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export function mariadbTarget(url: string): MariadbTarget {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.slice(1));
  if (!database) throw new Error("DATABASE_URL names no database.");
  return { host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password), database };
}

const quote = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** A [client] options file readable only by us, for the client programs' --defaults-extra-file. */
async function optionsFile(dir: string, t: MariadbTarget): Promise<string> {
  const file = path.join(dir, `client-${process.pid}-${Date.now()}.cnf`);
  const lines = ["[client]", `host=${quote(t.host)}`, `port=${t.port}`, `user=${quote(t.user)}`];
  if (t.password) lines.push(`password=${quote(t.password)}`);
  // The same TLS as the app's pool (lib/database-tls.server.ts): encrypted, the server's certificate checked.
  const caPath = process.env.DATABASE_SSL_CA?.trim();
  if (databaseTls()) lines.push("ssl", ...(caPath ? [`ssl-ca=${quote(caPath)}`] : []), "ssl-verify-server-cert");
  await fsp.writeFile(file, lines.join("\n") + "\n", { mode: 0o600 });
  return file;
}

function whichOf(names: string[]): string {
  for (const name of names) {
    for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
      const candidate = path.join(dir, name);
      if (dir && fs.existsSync(candidate)) return candidate;
    }
  }
  throw new Error(`None of ${names.join(", ")} is installed (Debian: apt-get install mariadb-client).`);
}

function finished(child: ReturnType<typeof spawn>, name: string, stderr: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed (exit ${code}): ${stderr().trim().slice(0, 2000)}`))));
  });
}

/**
 * Counts what a dump holds while it is written: every table's CREATE TABLE, the rows of its
 * INSERTs (one tuple per row) and the names in schema_migrations.
 */
export class DumpCounter {
  readonly facts: DatabaseFacts = { tables: {}, migrations: [] };
  private partial = "";
  // A character split between two chunks stays whole.
  private readonly decoder = new StringDecoder("utf8");

  push(chunk: Buffer) {
    const text = this.partial + this.decoder.write(chunk);
    const lines = text.split("\n");
    this.partial = lines.pop() ?? "";
    for (const line of lines) this.line(line);
  }

  end(): DatabaseFacts {
    this.partial += this.decoder.end();
    if (this.partial) this.line(this.partial);
    this.partial = "";
    return this.facts;
  }

  /** The table whose INSERT is being read (its rows may run over many lines: MariaDB 10.11 writes one row a line). */
  private inserting: string | null = null;

  private line(line: string) {
    let from = 0;
    if (!this.inserting) {
      const created = /^CREATE TABLE `((?:[^`]|``)+)`/.exec(line);
      if (created) this.facts.tables[created[1].replace(/``/g, "`")] ??= 0;
      const insert = /^INSERT INTO `((?:[^`]|``)+)` VALUES/.exec(line);
      if (!insert) return;
      this.inserting = insert[1].replace(/``/g, "`");
      from = insert[0].length;
    }
    const table = this.inserting;
    let rows = 0;
    let depth = 0;
    let inString = false;
    let value = "";
    const strings: string[] = [];
    // A value never holds a raw newline (the dump writes \n), so a line starts outside any string and row.
    for (let i = from; i < line.length; i++) {
      const c = line[i];
      if (inString) {
        if (c === "\\") value += line[++i];
        else if (c === "'") {
          inString = false;
          strings.push(value);
          value = "";
        } else value += c;
      } else if (c === "'") inString = true;
      else if (c === "(") {
        if (depth++ === 0) rows++;
      } else if (c === ")") depth--;
      else if (c === ";" && depth === 0) this.inserting = null;
    }
    this.facts.tables[table] = (this.facts.tables[table] ?? 0) + rows;
    if (table === "schema_migrations") this.facts.migrations.push(...strings);
  }
}

/** Dumps the database into `file`; returns what the dump holds. `workDir` keeps the options file. */
export async function dumpMariadb(url: string, file: string, workDir: string): Promise<DatabaseFacts> {
  const target = mariadbTarget(url);
  const options = await optionsFile(workDir, target);
  try {
    const args = [
      `--defaults-extra-file=${options}`,
      "--single-transaction",
      "--quick",
      "--hex-blob",
      "--no-tablespaces",
      "--skip-dump-date",
      "--default-character-set=utf8mb4",
      target.database,
    ];
    const child = spawn(whichOf(["mariadb-dump", "mysqldump"]), args, { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    const done = finished(child, "mariadb-dump", () => stderr);
    const counter = new DumpCounter();
    const out = fs.createWriteStream(file);
    const counted = async function* (source: Readable) {
      for await (const chunk of source) {
        counter.push(chunk as Buffer);
        yield chunk as Buffer;
      }
    };
    await Promise.all([pipeline(child.stdout!, counted, out), done]);
    return counter.end();
  } finally {
    await fsp.rm(options, { force: true });
  }
}

async function connect(t: MariadbTarget, database?: string) {
  return mysql.createConnection({ host: t.host, port: t.port, user: t.user, password: t.password, database, multipleStatements: false, ssl: databaseTls() });
}

/** The tables of the target database ([] when the database does not exist yet). */
export async function mariadbTables(url: string): Promise<string[]> {
  const t = mariadbTarget(url);
  const conn = await connect(t);
  try {
    const [rows] = await conn.query("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name", [t.database]);
    return (rows as { name: string }[]).map((r) => r.name);
  } finally {
    await conn.end();
  }
}

/** Row counts and applied migrations of the database (a restored copy). */
export async function mariadbFacts(url: string): Promise<DatabaseFacts> {
  const t = mariadbTarget(url);
  const names = await mariadbTables(url);
  const conn = await connect(t, t.database);
  try {
    const tables: Record<string, number> = {};
    for (const name of names) {
      const [rows] = await conn.query(`SELECT COUNT(*) AS n FROM \`${name.replace(/`/g, "``")}\``);
      tables[name] = Number((rows as { n: number }[])[0].n);
    }
    const migrations = names.includes("schema_migrations")
      ? ((await conn.query("SELECT name FROM schema_migrations ORDER BY name"))[0] as { name: string }[]).map((r) => r.name)
      : [];
    return { tables, migrations };
  } finally {
    await conn.end();
  }
}

/** Creates the database when missing; with `dropTables`, empties it of every table first (restore --force). */
export async function prepareMariadb(url: string, dropTables: boolean): Promise<void> {
  const t = mariadbTarget(url);
  const conn = await connect(t);
  try {
    const name = `\`${t.database.replace(/`/g, "``")}\``;
    await conn.query(`CREATE DATABASE IF NOT EXISTS ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    if (!dropTables) return;
    await conn.query(`USE ${name}`);
    await conn.query("SET FOREIGN_KEY_CHECKS = 0");
    for (const table of await mariadbTables(url)) await conn.query(`DROP TABLE \`${table.replace(/`/g, "``")}\``);
  } finally {
    await conn.end();
  }
}

/** Feeds a dump (from an archive member) to the client, into the target database. */
export async function loadMariadb(url: string, dump: AsyncIterable<Buffer>, workDir: string): Promise<void> {
  const target = mariadbTarget(url);
  const options = await optionsFile(workDir, target);
  try {
    const args = [`--defaults-extra-file=${options}`, "--default-character-set=utf8mb4", "--batch", target.database];
    const child = spawn(whichOf(["mariadb", "mysql"]), args, { stdio: ["pipe", "ignore", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    const done = finished(child, "mariadb (loading the dump)", () => stderr);
    await Promise.all([pipeline(dump, child.stdin!), done]);
  } finally {
    await fsp.rm(options, { force: true });
  }
}
