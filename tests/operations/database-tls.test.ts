// TLS from the app to MariaDB (issue 31; lib/database-tls.server.ts): a throwaway MariaDB that
// accepts only encrypted connections (require_secure_transport), with a certificate from a test
// authority. The app's own commands, started as an operator starts them, migrate and back up over
// it with DATABASE_SSL_CA; without TLS the server refuses them, and with another authority the app
// refuses the server.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../setup/ports";
import { makeAuthority, signServerCertificate } from "./certificates";

const ROOT = path.resolve(__dirname, "../..");
let dir = "";
let port = 0;
let server: ChildProcess | null = null;

function socketQuery(sql: string): string {
  return execFileSync("mariadb", ["--no-defaults", `--socket=${path.join(dir, "mysqld.sock")}`, "-uroot", "-N", "-e", sql], { encoding: "utf8" });
}

async function waitForSocket(): Promise<void> {
  const until = Date.now() + 90_000;
  for (;;) {
    try {
      socketQuery("SELECT 1");
      return;
    } catch (error) {
      if (server?.exitCode !== null) throw new Error(`mariadbd stopped: ${fs.readFileSync(path.join(dir, "error.log"), "utf8").slice(-2000)}`);
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** An app command run as an operator runs it, in a deployment's environment pointed at the TLS database. */
function app(args: string[], env: Record<string, string>): { code: number | null; output: string } {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "warn" };
  for (const name of ["REDIS_URL", "SQLITE_PATH", "DATABASE_SSL", "DATABASE_SSL_CA"]) delete base[name];
  try {
    const output = execFileSync("npx", ["tsx", ...args], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: "pipe",
      env: { ...base, DATABASE_URL: `mysql://tims:tls-test-pw@127.0.0.1:${port}/tims`, DATA_DIR: path.join(dir, "app"), ...env },
    });
    return { code: 0, output };
  } catch (error) {
    const e = error as { status: number | null; stdout?: string; stderr?: string };
    return { code: e.status, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tims-db-tls-"));
  port = await freePort();
  makeAuthority(dir, "ca");
  makeAuthority(dir, "other-ca");
  signServerCertificate(dir, { ca: "ca", commonName: "127.0.0.1", altNames: "IP:127.0.0.1,DNS:localhost", cert: "server.pem", key: "server-key.pem" });
  execFileSync(
    "mariadb-install-db",
    ["--no-defaults", `--datadir=${path.join(dir, "data")}`, "--user=root", "--skip-test-db", "--auth-root-authentication-method=socket"],
    {
      stdio: "pipe",
    },
  );
  server = spawn(
    "mariadbd",
    [
      "--no-defaults",
      "--user=root",
      `--datadir=${path.join(dir, "data")}`,
      `--socket=${path.join(dir, "mysqld.sock")}`,
      `--pid-file=${path.join(dir, "mysqld.pid")}`,
      `--log-error=${path.join(dir, "error.log")}`,
      `--port=${port}`,
      "--bind-address=127.0.0.1",
      "--innodb-buffer-pool-size=32M",
      "--skip-log-bin",
      `--ssl-ca=${path.join(dir, "ca.pem")}`,
      `--ssl-cert=${path.join(dir, "server.pem")}`,
      `--ssl-key=${path.join(dir, "server-key.pem")}`,
      "--require-secure-transport=ON",
    ],
    { stdio: "ignore" },
  );
  await waitForSocket();
  socketQuery(
    "CREATE DATABASE tims CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci; CREATE USER 'tims'@'%' IDENTIFIED BY 'tls-test-pw'; GRANT ALL ON tims.* TO 'tims'@'%';",
  );
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const stopped = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await stopped;
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe("the app to MariaDB over TLS", () => {
  it("the server takes no plain connection: the app without TLS settings is refused", () => {
    const run = app(["db/cli.ts", "migrate"], {});
    expect(run.code).not.toBe(0);
    // MariaDB answers an insecure connection under require_secure_transport as a wrong password
    // (1045); the same user and password get in over TLS in the next test.
    expect(run.output).toMatch(/Access denied for user 'tims'|secure transport/i);
  }, 120_000);

  it("with DATABASE_SSL_CA the app migrates over TLS and a backup dumps over it", () => {
    const env = { DATABASE_SSL_CA: path.join(dir, "ca.pem") };
    const migrate = app(["db/cli.ts", "migrate"], env);
    expect(migrate.output).not.toMatch(/error/i);
    expect(migrate.code).toBe(0);
    expect(Number(socketQuery("SELECT COUNT(*) FROM tims.schema_migrations").trim())).toBeGreaterThan(10);
    const backup = app(["scripts/backup.ts", "--out", path.join(dir, "backups")], env);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Wrote .*\.tar/);
  }, 180_000);

  it("a server whose certificate another authority signed is refused by the app", () => {
    const run = app(["db/cli.ts", "migrate"], { DATABASE_SSL_CA: path.join(dir, "other-ca.pem") });
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/self[- ]signed|unable to verify|certificate/i);
  }, 120_000);

  it("an unreadable DATABASE_SSL_CA stops the command and names the variable", () => {
    const run = app(["db/cli.ts", "migrate"], { DATABASE_SSL_CA: path.join(dir, "missing.pem") });
    expect(run.code).not.toBe(0);
    expect(run.output).toContain("DATABASE_SSL_CA: cannot read");
  }, 120_000);
});
