/**
 * Runs before every Vitest file, in that file's own module graph: each file gets its own data
 * folder and its own database (a SQLite file, or a fresh MariaDB database when the "mariadb"
 * project runs with TEST_DATABASE_URL), so files never see each other's rows.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Jobs a test's runner is running (e-mails, PDFs) finish before its database goes away. Jobs only
 * queued (rows) are not run: in-process, jobs run where a runner was started (drainQueue, startJobs).
 */
async function drainBackground() {
  const { closeQueue } = await import("../../jobs/queue.server");
  await closeQueue().catch(() => {});
  const { closePdfRenderer } = await import("../../jobs/pdf-renderer.server");
  await closePdfRenderer().catch(() => {});
}

const id = `${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tims-test-"));
process.env.DATA_DIR = dir;
process.env.OUTBOX_DIR = path.join(dir, "outbox");
process.env.FILES_DIR = path.join(dir, "files");
process.env.SESSION_SECRET = "test-secret";
process.env.PASSWORD_SCRYPT_N = "1024";
process.env.QUEUE_PREFIX = `tims-test-${id}`;
// The app under test runs the in-process job runner; Bull tests use TEST_REDIS_URL explicitly.
if (process.env.REDIS_URL) process.env.TEST_REDIS_URL = process.env.REDIS_URL;
delete process.env.REDIS_URL;
delete process.env.SMTP_URL;

if (process.env.TEST_DB_DIALECT === "mysql") {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `tims_t_${id}`;
  const mysql = await import("mysql2/promise");
  const admin = await mysql.createConnection({
    host: base.hostname,
    port: Number(base.port || 3306),
    user: decodeURIComponent(base.username),
    password: decodeURIComponent(base.password),
  });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  base.pathname = `/${name}`;
  process.env.DATABASE_URL = base.toString();
  afterAll(async () => {
    await drainBackground();
    const { sequelize } = await import("../../db/sequelize.server");
    await sequelize.close().catch(() => {});
    const conn = await mysql.createConnection({
      host: base.hostname,
      port: Number(base.port || 3306),
      user: decodeURIComponent(base.username),
      password: decodeURIComponent(base.password),
    });
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await conn.end();
  });
} else {
  delete process.env.DATABASE_URL;
  process.env.SQLITE_PATH = path.join(dir, "test.sqlite");
}

// The registration files import nothing that reads the configuration (a test may still set its environment).
await import("./compose");

afterAll(async () => {
  await drainBackground();
  fs.rmSync(dir, { recursive: true, force: true });
});
