// Playwright's web server: a fresh embedded database, then two app servers on it: the main one
// and one with a 3-second idle timeout for the session-expiry test. A third server is started
// exactly as `npm start` starts it (scripts/start.mjs: its own fresh database with the demo
// data, no HOST, the app's address http://localhost:PORT), for the specs that must see what a
// new user sees (tests/e2e/support/npm-start.ts); its payment reconciliation runs every few
// seconds so that a payer who never came back is settled while the test waits.
import { execSync, spawn } from "node:child_process";
import { SERVER_NODE_FLAGS } from "./node-flags.mjs";
import fs from "node:fs";
import { NPM_START_UNSET } from "./npm-start-env.mjs";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR must be set");
fs.rmSync(dataDir, { recursive: true, force: true });
// As `npm start` runs it: production build, embedded mode (simulators and outbox on by default).
const env = { ...process.env, NODE_ENV: "production", VITE_CJS_IGNORE_WARNING: "true" };
delete env.REDIS_URL;
delete env.DATABASE_URL;
execSync("npx tsx db/cli.ts prepare --without-treks", { stdio: "inherit", env });

// Every server's output is also kept in a file: the log-leak check (scripts/log-leak-check.ts,
// run by `npm test` after the suite) looks there for the run's passports and tokens.
const logDir = `${dataDir}-logs`;
fs.rmSync(logDir, { recursive: true, force: true });
fs.mkdirSync(logDir, { recursive: true });
const keepLog = (child, name) => {
  const file = fs.createWriteStream(`${logDir}/${name}.log`);
  child.stdout.on("data", (chunk) => (process.stdout.write(chunk), file.write(chunk)));
  child.stderr.on("data", (chunk) => (process.stderr.write(chunk), file.write(chunk)));
  return child;
};

const serverBuild = `./${process.env.BUILD_SLOT ? `build-${process.env.BUILD_SLOT}` : "build"}/index.js`;
const servers = [{ PORT: process.env.E2E_PORT || "3100" }, { PORT: process.env.E2E_EXPIRY_PORT || "3101", SESSION_IDLE_SECONDS: "3" }].map((extra, index) =>
  keepLog(
    spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/serve.mjs", serverBuild], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...env, HOST: "127.0.0.1", ...extra },
    }),
    index ? "expiry" : "main",
  ),
);
const npmStartDir = `${dataDir}-npm-start`;
fs.rmSync(npmStartDir, { recursive: true, force: true });
// Nothing of the suite's own settings: what a fresh clone's `npm start` gets (generated secrets too).
const npmStartEnv = { ...process.env };
for (const name of NPM_START_UNSET) delete npmStartEnv[name];
servers.push(
  keepLog(
    spawn(process.execPath, ["scripts/start.mjs"], {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...npmStartEnv,
        DATA_DIR: npmStartDir,
        PORT: String(Number(process.env.E2E_PORT || 3100) + 2),
        TIMS_PREBUILT: serverBuild,
        PAYMENT_RECONCILE_EVERY_MINUTES: "0.05",
        PAYMENT_RECONCILE_AFTER_MINUTES: "0.05",
        PAYMENT_UNASKABLE_CLOSE_MINUTES: "0.1",
      },
    }),
    "npm-start",
  ),
);
const stop = () => servers.forEach((s) => s.kill("SIGTERM"));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
servers.forEach((s) =>
  s.on("exit", () => {
    stop();
    process.exit(0);
  }),
);
