import { defineConfig, devices } from "@playwright/test";

// The cluster test (tests/cluster): starts its own two web instances and worker on MariaDB and
// Redis (scripts/cluster.mjs), so it has no webServer and runs alone. It takes several minutes on
// two shared cores, so `npm test` does not run it (README, "Tests"); by hand:
// `npx remix build && npx playwright test -c playwright.cluster.config.ts`.
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
  testDir: "tests/cluster",
  workers: 1,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  outputDir: `test-results/artifacts-cluster${process.env.BUILD_SLOT ? `-${process.env.BUILD_SLOT}` : ""}`,
  use: { trace: "retain-on-failure", launchOptions: chromium },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromium } }],
});
