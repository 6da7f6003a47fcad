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

/**
 * Whole years after a trek's exit date that its trekkers' personal data is kept (issue 31 item 5,
 * docs/decisions.md "Personal data kept only as long as needed"). A typo must not erase early or
 * never: anything but a whole number from 1 to 100 stops the process at start.
 */
export function retentionYearsOf(env: Record<string, string | undefined> = process.env): number {
  const raw = env.RETENTION_YEARS?.trim();
  if (!raw) return 5;
  const years = Number(raw);
  if (!Number.isInteger(years) || years < 1 || years > 100) throw new Error(`RETENTION_YEARS must be a whole number of years from 1 to 100, got "${raw}"`);
  return years;
}

const dataDir = path.resolve(process.env.DATA_DIR || "data");

/**
 * APP_URL (required in deployment mode), or in the embedded mode the address this server listens
 * on (HOST, PORT). A request's Host header is never used for a link: anyone can send any Host.
 */
export function appUrlOf(env: Record<string, string | undefined> = process.env): string {
  const configured = env.APP_URL?.trim();
  if (configured) {
    const url = new URL(configured);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`APP_URL must be an http(s) URL, got "${configured}"`);
    return configured.replace(/\/+$/, "");
  }
  const host = env.HOST?.trim();
  const name = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${env.PORT || 3000}`;
}

/**
 * Embedded: `npm start` on a fresh clone — SQLite, in-process jobs, the outbox page, generated
 * secrets and the simulators of every outside service, with a banner saying so. A deployment
 * (DATABASE_URL set, or TIMS_MODE=deployment) has none of those fallbacks: what it lacks stops
 * the process at start (missingSettings). NODE_ENV only chooses React's production build.
 */
export type RunMode = "embedded" | "deployment";
export function runMode(env: Record<string, string | undefined> = process.env): RunMode {
  if (env.TIMS_MODE === "embedded" || env.TIMS_MODE === "deployment") return env.TIMS_MODE;
  return env.DATABASE_URL ? "deployment" : "embedded";
}

/** Settings a deployment must set; the embedded mode makes its own. */
export const DEPLOYMENT_SETTINGS = ["DATABASE_URL", "REDIS_URL", "APP_URL", "SESSION_SECRET", "QR_SIGNING_PRIVATE_KEY"] as const;

/** The required settings `env` lacks for its mode (none in the embedded mode). */
export function missingSettings(env: Record<string, string | undefined> = process.env): string[] {
  if (runMode(env) === "embedded") return [];
  return DEPLOYMENT_SETTINGS.filter((name) => !env[name]?.trim());
}

export const config = {
  env: process.env.NODE_ENV || "development",
  isProduction: process.env.NODE_ENV === "production",
  mode: runMode(),
  /** Simulators, the outbox page, generated secrets and the banner. */
  embedded: runMode() === "embedded",
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
  /** The one origin of every link we hand out (e-mails, gateway return URLs); never a request's Host. */
  appUrl: appUrlOf(),
  sessionSecret: process.env.SESSION_SECRET || "",
  /** Idle timeout: a session unused this long expires. */
  sessionIdleSeconds: num("SESSION_IDLE_SECONDS", 60 * 60),
  /** Absolute lifetime of a session without "remember me". */
  sessionMaxSeconds: num("SESSION_MAX_SECONDS", 12 * 60 * 60),
  /** Absolute lifetime with "remember me" (the cookie also outlives the browser). */
  sessionRememberSeconds: num("SESSION_REMEMBER_SECONDS", 7 * 24 * 60 * 60),
  /** Failed sign-ins allowed per client address inside the window (whatever the accounts). */
  loginMaxFailures: num("LOGIN_MAX_FAILURES", 20),
  /** The per-address window, and the longest wait one account and address can be made to take. */
  loginWindowSeconds: num("LOGIN_WINDOW_SECONDS", 15 * 60),
  /** Failures of one account from one address before each next try must wait (1 s, 2 s, 4 s, …). */
  loginFreeFailures: num("LOGIN_FREE_FAILURES", 5),
  /** E-mails (reset, verification, registration) one client address may ask for per window. */
  mailLimitPerAddress: num("MAIL_LIMIT_PER_ADDRESS", 20),
  /** E-mails one address may be sent by such requests per window. */
  mailLimitPerRecipient: num("MAIL_LIMIT_PER_RECIPIENT", 5),
  mailLimitWindowSeconds: num("MAIL_LIMIT_WINDOW_SECONDS", 60 * 60),
  /** scrypt cost N (OWASP: 2^17 with r 8, p 1, 128 MiB a hash); tests lower it to keep hashing fast. */
  passwordCost: num("PASSWORD_SCRYPT_N", 2 ** 17),
  /** How long an instance keeps a list's filter choices read from the database (0: not kept). */
  filterChoicesSeconds: num("FILTER_CHOICES_SECONDS", 30),
  /**
   * The bearer token that opens /metrics to a scraper (docs/operations.md). Without it a
   * deployment keeps /metrics closed (404); the embedded mode answers the machine itself.
   */
  metricsToken: process.env.METRICS_TOKEN?.trim() || "",
  /** Where the worker serves /healthz and /metrics (its e-mail and ledger counters); none: it serves nothing. */
  workerMetricsPort: num("WORKER_METRICS_PORT", 0),
  /** After SIGTERM, how long /readyz answers 503 while requests are still served, so the load balancer can stop sending. */
  shutdownDrainSeconds: num("SHUTDOWN_DRAIN_SECONDS", runMode() === "deployment" ? 10 : 0),
  /** A daily_stats rebuild rests this many times as long as each day took (ADR 0041). */
  statsRebuildPace: num("STATS_REBUILD_PACE", 1),
  /** Personal data of a trek is erased this many years after its exit date (modules/privacy). */
  retentionYears: retentionYearsOf(),
};

export type Config = typeof config;
