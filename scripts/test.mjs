// `npm test`: install what is missing, type-check, lint (ESLint, zero warnings), check the format (Prettier), check the import
// rules (no cycle), run Vitest (SQLite, and MariaDB/Redis when TEST_DATABASE_URL/REDIS_URL are set),
// build, run Playwright in Debian's chromium, then the ledger check (docs/ledger.md) on the data the
// browser tests left and on a fresh demo database.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureBrowser, ensureNodeModules } from "./ensure-deps.mjs";

ensureNodeModules();
ensureBrowser();
const env = { ...process.env, VITE_CJS_IGNORE_WARNING: "true" };
const step = (title, cmd, stepEnv = env) => {
  console.log(`\n› ${title}`);
  execSync(cmd, { stdio: "inherit", env: stepEnv });
};
// The embedded mode on DATA_DIR's SQLite file, as `npm start` runs it: no MariaDB, Redis or mode the caller set.
const embeddedAt = (dataDir) => {
  const e = { ...env, DATA_DIR: dataDir };
  for (const name of ["DATABASE_URL", "SQLITE_PATH", "TIMS_MODE", "REDIS_URL", "OUTBOX_DIR", "FILES_DIR"]) delete e[name];
  return e;
};
try {
  step("Type-check", "npx tsc --noEmit");
  step("Lint", "npm run lint");
  step("Format (Prettier)", "npm run format:check");
  step("Import rules and cycles (dependency-cruiser)", "npm run cycles");
  step("Unit and integration tests (Vitest)", "npx vitest run");
  step("Build", "npm run build");
  // Issue 27 item 7: the built tree installed as a deployment installs it (npm ci --omit=dev) serves
  // every page. In CI only: a fresh install of the production packages takes two minutes or so.
  if (process.env.CI) step("Production install serves every page", "npx tsx scripts/check-production-install.ts");
  step("Browser tests (Playwright)", "npx playwright test");
  // Both ledger checks run, whatever the first finds, so one run names every violation.
  const failed = [];
  const ledgerCheck = (title, dataDir) => {
    try {
      step(title, "npx tsx scripts/ledger-check.ts", embeddedAt(dataDir));
    } catch (error) {
      failed.push(error);
    }
  };
  // playwright.config.ts keeps the e2e server's data here (per BUILD_SLOT), and scripts/e2e-server.mjs its servers' logs beside it.
  const e2eData = path.resolve(`test-results/e2e-data${process.env.BUILD_SLOT ? `-${process.env.BUILD_SLOT}` : ""}`);
  ledgerCheck("Ledger check of the browser tests' data", e2eData);
  try {
    step("No passport, token or password in the browser suite's logs", `npx tsx scripts/log-leak-check.ts ${e2eData}-logs ${e2eData} ${e2eData}-npm-start`);
  } catch (error) {
    failed.push(error);
  }
  const demoData = path.resolve("test-results/ledger-demo-data");
  fs.rmSync(demoData, { recursive: true, force: true });
  step("Demo data as npm start seeds it", "npx tsx db/cli.ts prepare", embeddedAt(demoData));
  ledgerCheck("Ledger check of the demo data", demoData);
  if (failed.length) throw failed[0];
} catch (error) {
  process.exit(typeof error.status === "number" ? error.status : 1);
}
