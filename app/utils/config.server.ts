import path from "node:path";

/**
 * All configuration comes from the environment, read once. The embedded default (no variables)
 * runs on SQLite, the in-process job runner and the outbox folder; each variable switches one
 * concern to its scale-out form (DESIGN.md, "Two ways to run").
 */
function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
  return value;
}

const dataDir = path.resolve(process.env.DATA_DIR || "data");

export const config = {
  env: process.env.NODE_ENV || "development",
  isProduction: process.env.NODE_ENV === "production",
  dataDir,
  databaseUrl: process.env.DATABASE_URL || "",
  sqlitePath: process.env.SQLITE_PATH || path.join(dataDir, "tims.sqlite"),
  redisUrl: process.env.REDIS_URL || "",
  /** Bull key prefix; tests give each run its own so runs never share jobs. */
  queuePrefix: process.env.QUEUE_PREFIX || "tims",
  smtpUrl: process.env.SMTP_URL || "",
  mailFrom: process.env.MAIL_FROM || "TIMS <no-reply@tims.test>",
  outboxDir: path.resolve(process.env.OUTBOX_DIR || path.join(dataDir, "outbox")),
  filesDir: path.resolve(process.env.FILES_DIR || path.join(dataDir, "files")),
  appUrl: (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, ""),
  sessionSecret: process.env.SESSION_SECRET || "",
  /** Idle timeout: a session unused this long expires. */
  sessionIdleSeconds: num("SESSION_IDLE_SECONDS", 60 * 60),
  /** Absolute lifetime of a session without "remember me". */
  sessionMaxSeconds: num("SESSION_MAX_SECONDS", 12 * 60 * 60),
  /** Absolute lifetime with "remember me" (the cookie also outlives the browser). */
  sessionRememberSeconds: num("SESSION_REMEMBER_SECONDS", 7 * 24 * 60 * 60),
  /** Failed sign-ins allowed per client address (and per e-mail) inside the window. */
  loginMaxFailures: num("LOGIN_MAX_FAILURES", 10),
  loginWindowSeconds: num("LOGIN_WINDOW_SECONDS", 15 * 60),
  /** scrypt cost; tests lower it to keep hashing fast. */
  passwordCost: num("PASSWORD_SCRYPT_N", 2 ** 15),
};

export type Config = typeof config;
