// `npm test`: install what is missing, type-check, run Vitest (SQLite, and MariaDB/Redis when
// TEST_DATABASE_URL/REDIS_URL are set), build, and run Playwright in Debian's chromium.
import { execSync } from "node:child_process";
import { ensureBrowser, ensureNodeModules } from "./ensure-deps.mjs";

ensureNodeModules();
ensureBrowser();
const env = { ...process.env, VITE_CJS_IGNORE_WARNING: "true" };
const step = (title, cmd) => {
  console.log(`\n› ${title}`);
  execSync(cmd, { stdio: "inherit", env });
};
try {
  step("Type-check", "npx tsc --noEmit");
  step("Unit and integration tests (Vitest)", "npx vitest run");
  step("Build", "npx remix build");
  step("Browser tests (Playwright)", "npx playwright test");
} catch (error) {
  process.exit(typeof error.status === "number" ? error.status : 1);
}
