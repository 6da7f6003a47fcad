/**
 * Issue 27 item 7: a production install serves every page. After `npm run build`, this copies the
 * built tree (what a deployment ships: package files, build/, public/, scripts/ and the sources the
 * database CLI and the worker run with tsx; no tests, benches or docs) to a temporary folder, runs
 * `npm ci --omit=dev` there (install scripts on; sqlite3's compiled addon copied from this tree
 * unless FULL_INSTALL=1, see below; puppeteer downloads no browser), prepares an embedded
 * database with the project's own CLI (`tsx db/cli.ts prepare --without-treks`: migrations, lookups,
 * demo accounts and routes),
 * starts the production server (scripts/serve.mjs) and requests every GET of the route table
 * (tests/route-access.ts) signed out and signed in as each demo account. Any 5xx, a sign-in that
 * fails, or a missing module in the server's log fails the check.
 * Usage: npx tsx scripts/check-production-install.ts   (scripts/test.mjs runs it in CI after the build)
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "./node-flags.mjs";

const root = path.resolve(import.meta.dirname, "..");
const out = process.env.BUILD_SLOT ? `build-${process.env.BUILD_SLOT}` : "build";
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(`[production-install ${elapsed()}] ${line}`);

if (!fs.existsSync(path.join(root, out, "index.js"))) {
  console.error(`No ${out}/index.js: run \`npm run build\` first.`);
  process.exit(1);
}

// What a deployment ships. Tracked files (git ls-files) keep data/, test results and other builds out.
const SHIPPED_DIRS = ["app", "lib", "modules", "db", "jobs", "emails", "public", "scripts", "patches"];
const SHIPPED_FILES = ["package.json", "package-lock.json", "tsconfig.json", "remix.config.js", "remix.env.d.ts"];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tims-prod-"));
const tracked = execFileSync("git", ["ls-files", "-z", "--", ...SHIPPED_DIRS, ...SHIPPED_FILES], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter(Boolean);
for (const file of tracked) {
  if (!fs.existsSync(path.join(root, file))) continue; // deleted in the work tree
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.copyFileSync(path.join(root, file), path.join(dir, file));
}
fs.cpSync(path.join(root, out), path.join(dir, out), { recursive: true });
fs.cpSync(path.join(root, "public", out), path.join(dir, "public", out), { recursive: true });
log(`copied ${tracked.length} files and ${out}/ to ${dir}`);

const env: NodeJS.ProcessEnv = { ...process.env, PUPPETEER_SKIP_DOWNLOAD: "1", NODE_ENV: "production", DATA_DIR: path.join(dir, "data") };
for (const name of ["DATABASE_URL", "SQLITE_PATH", "TIMS_MODE", "REDIS_URL", "OUTBOX_DIR", "FILES_DIR", "SMTP_URL", "NODE_OPTIONS", "BUILD_SLOT"])
  delete env[name];
// Debian's libsqlite3-dev lets sqlite3 build in seconds instead of compiling SQLite itself.
if (fs.existsSync("/usr/include/sqlite3.h")) env.npm_config_sqlite = "/usr";
let server: ReturnType<typeof spawn> | null = null;
const problems: string[] = [];

try {
  const npm = (...args: string[]) =>
    execFileSync("npm", [...args, "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: dir, env, stdio: "inherit" });
  // sqlite3 compiles its addon (no prebuilt download here) in about 50 s of a two-core machine's
  // time, which the four minutes this check may take cannot spare: when this tree's sqlite3 is the
  // same version, its compiled addon (N-API, so any Node 20+) is copied in and the other packages'
  // install scripts run; FULL_INSTALL=1 runs every install script, sqlite3's compile included.
  const builtSqlite = path.join(root, "node_modules/sqlite3");
  const lockedSqlite = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")).packages["node_modules/sqlite3"]?.version;
  const reuse =
    !process.env.FULL_INSTALL &&
    fs.existsSync(path.join(builtSqlite, "build/Release/node_sqlite3.node")) &&
    JSON.parse(fs.readFileSync(path.join(builtSqlite, "package.json"), "utf8")).version === lockedSqlite;
  if (reuse) {
    npm("ci", "--omit=dev", "--ignore-scripts");
    fs.cpSync(path.join(builtSqlite, "build"), path.join(dir, "node_modules/sqlite3/build"), { recursive: true });
    // The install scripts package.json's allowScripts lets run (the project's list), sqlite3's aside.
    const allowed = Object.entries(
      (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { allowScripts?: Record<string, boolean> }).allowScripts ?? {},
    );
    const names = allowed.filter(([name, on]) => on && name !== "sqlite3" && fs.existsSync(path.join(dir, "node_modules", name))).map(([name]) => name);
    if (names.length) npm("rebuild", "--ignore-scripts=false", ...names);
    // The project's own install script: the dependency patches (patches/, patch-package).
    npm("run", "postinstall");
    log(`npm ci --omit=dev done (sqlite3's compiled addon copied in; install scripts run for ${names.join(", ") || "nothing else"})`);
  } else {
    npm("ci", "--omit=dev", "--ignore-scripts=false");
    log("npm ci --omit=dev done (every install script run)");
  }
  for (const dev of ["vitest", "@remix-run/dev", "typescript", "esbuild"]) {
    if (fs.existsSync(path.join(dir, "node_modules", dev))) log(`note: ${dev} is installed without dev dependencies (something in dependencies needs it)`);
  }

  execFileSync(path.join(dir, "node_modules/.bin/tsx"), ["db/cli.ts", "prepare", "--without-treks"], { cwd: dir, env, stdio: "inherit" });
  log("database prepared with the production install's tsx");

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const serverLog = path.join(dir, "server.log");
  const logFd = fs.openSync(serverLog, "w");
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/serve.mjs", `${out}/index.js`], {
    cwd: dir,
    env: { ...env, PORT: String(port), APP_URL: origin },
    stdio: ["ignore", logFd, logFd],
  });
  const proc = server;
  const up = await until(async () => proc.exitCode !== null || (await fetch(`${origin}/login`).catch(() => null))?.ok === true, 60_000);
  if (!up || proc.exitCode !== null) {
    throw new Error(
      `the server ${proc.exitCode !== null ? `exited (${proc.exitCode})` : "did not answer /login within 60 s"}:\n${fs.readFileSync(serverLog, "utf8").slice(-3000)}`,
    );
  }
  log(`server up on ${origin}`);

  // The route table's URLs, with ids no row has (row pages answer 404; their guards and modules still run).
  const { ROUTES } = await import("../tests/route-access");
  const none = 999_999;
  const ids = { regId: none, unpaidRegId: none, trekkerId: none, routeId: none, agencyId: none, checkpostId: none };
  // Card and report PDFs render in Debian's chromium; without it (a developer machine) they are left out.
  const hasChromium = fs.existsSync(process.env.PUPPETEER_EXECUTABLE_PATH || "/usr/bin/chromium");
  const urls = [
    ...new Set(
      Object.values(ROUTES)
        .filter((c) => c.get)
        .map((c) => c.url(ids)),
    ),
  ].filter((u) => hasChromium || !/\/pdf(\?|$)/.test(u));
  // Signing out ends the session the next requests use: /logout and /sign-out are requested last.
  urls.sort((a, b) => Number(/^\/(logout|sign-out)/.test(a)) - Number(/^\/(logout|sign-out)/.test(b)));

  const get = async (url: string, cookie: string | null, who: string) => {
    const r = await fetch(`${origin}${url}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} }).catch((e: Error) => e);
    if (r instanceof Error) problems.push(`GET ${url} as ${who}: ${r.message}`);
    else {
      await r.arrayBuffer();
      if (r.status >= 500) problems.push(`GET ${url} as ${who}: ${r.status}`);
    }
  };
  const signIn = async (email: string): Promise<string | null> => {
    const r = await fetch(`${origin}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      body: new URLSearchParams({ intent: "login", email, password: "Trek@2026", redirectTo: "" }),
    });
    const cookie = r.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("__tims_session"));
    if (r.status !== 302 || !cookie) problems.push(`sign-in as ${email}: ${r.status}${cookie ? "" : ", no session cookie"}`);
    return r.status === 302 && cookie ? cookie : null;
  };
  // Signed out and each demo account side by side (each one's URLs in order, sign-out last).
  const accounts = ["ntb@tims.test", "taan@tims.test", "agency@tims.test", "fit@tims.test", "checkpost@tims.test"];
  await Promise.all([
    (async () => {
      for (const url of urls) await get(url, null, "signed out");
    })(),
    ...accounts.map(async (email) => {
      const cookie = await signIn(email);
      if (cookie) for (const url of urls) await get(url, cookie, email);
    }),
  ]);
  log(
    `${urls.length} URLs requested signed out and as ${accounts.length} demo accounts${hasChromium ? "" : " (PDF downloads left out: no /usr/bin/chromium)"}`,
  );
  const serverOutput = fs.readFileSync(serverLog, "utf8");
  for (const line of serverOutput.split("\n")) if (/ERR_MODULE_NOT_FOUND|Cannot find (module|package)/.test(line)) problems.push(`server log: ${line.trim()}`);
  if (problems.length) console.error(`Server log (last lines):\n${serverOutput.split("\n").slice(-40).join("\n")}`);
} catch (error) {
  problems.push(String((error as Error).message ?? error));
} finally {
  server?.kill("SIGTERM");
  // Removing 600 packages takes half a minute on a busy disk: a detached rm does it after we exit.
  if (!process.env.KEEP_PRODUCTION_INSTALL) spawn("rm", ["-rf", dir], { detached: true, stdio: "ignore" }).unref();
}

if (problems.length) {
  console.error(`Production install check failed (${elapsed()}):\n- ${[...new Set(problems)].join("\n- ")}`);
  process.exit(1);
}
log("every page answered without a 5xx");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
