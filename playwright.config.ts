import { register } from "node:module";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// E2E_PORT (and the next port, for the short-idle server) and BUILD_SLOT let two runs share a machine.
const PORT = Number(process.env.E2E_PORT || 3100);
const EXPIRY_PORT = PORT + 1;
const slot = process.env.BUILD_SLOT ? `-${process.env.BUILD_SLOT}` : "";
// The tests read the same database and outbox as the server (to make their own users and to
// follow e-mailed links), so the data folder is fixed here and handed to both.
process.env.DATA_DIR = path.resolve(`test-results/e2e-data${slot}`);
process.env.OUTBOX_DIR = path.join(process.env.DATA_DIR, "outbox");
process.env.SESSION_SECRET = "e2e-secret";
process.env.PASSWORD_SCRYPT_N = "1024";
process.env.LOGIN_MAX_FAILURES = "1000";
// Every test browses from 127.0.0.1: the per-address e-mail limit would count them all together.
process.env.MAIL_LIMIT_PER_ADDRESS = "100000";
process.env.SELF_CHECKIN_PER_ADDRESS = "100000";
// route-role.spec.ts calls the token API with cookies only: refused tokens from 127.0.0.1.
process.env.API_BAD_TOKENS_PER_MINUTE = "100000";
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

// The config is loaded by every worker too: the hook lets the modules the tests call load the
// language files (tests/setup/json-import-hook.mjs).
register("./tests/setup/json-import-hook.mjs", import.meta.url);

const chromium = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: process.env.CI ? 2 : 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  outputDir: `test-results/artifacts${slot}`,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: chromium,
  },
  projects: [
    { name: "chromium", testDir: "tests/e2e", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    // The documented deployment behind nginx (scripts/deploy-local.mjs), started and stopped by its
    // spec: its own worker process (it points the modules at the deployment's MariaDB), time for
    // the start (about 30 s, twice that on a loaded CI machine), and one retry as the other
    // browser tests have in CI: a step that raced the machine's load starts afresh.
    {
      name: "deployment",
      testDir: "tests/deployment",
      retries: process.env.CI ? 1 : 0,
      timeout: 240_000,
      expect: { timeout: 15_000 },
      use: { ...devices["Desktop Chrome"], launchOptions: chromium },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${EXPIRY_PORT}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      DATA_DIR: process.env.DATA_DIR,
      OUTBOX_DIR: process.env.OUTBOX_DIR,
      SESSION_SECRET: "e2e-secret",
      PASSWORD_SCRYPT_N: "1024",
      LOGIN_MAX_FAILURES: "1000",
      MAIL_LIMIT_PER_ADDRESS: "100000",
      SELF_CHECKIN_PER_ADDRESS: "100000",
      API_BAD_TOKENS_PER_MINUTE: "100000",
      // Fixtures write agencies from the test process, as another instance would: no kept choices.
      FILTER_CHOICES_SECONDS: "0",
      E2E_PORT: String(PORT),
      E2E_EXPIRY_PORT: String(EXPIRY_PORT),
      ...(process.env.BUILD_SLOT ? { BUILD_SLOT: process.env.BUILD_SLOT } : {}),
    },
  },
});
