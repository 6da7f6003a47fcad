import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(__dirname, "app"), "@modules": path.resolve(__dirname, "modules"), "@lib": path.resolve(__dirname, "lib") };
const include = [
  "tests/architecture/**/*.test.ts",
  "tests/security/**/*.test.ts",
  "tests/fuzz/**/*.test.ts",
  "tests/performance/**/*.test.ts",
  "tests/backup/**/*.test.ts",
  "tests/operations/**/*.test.ts",
  "app/**/*.test.{ts,tsx}",
  "lib/**/*.test.{ts,tsx}",
  "modules/**/*.test.{ts,tsx}",
  "db/**/*.test.ts",
  "jobs/**/*.test.ts",
  "emails/**/*.test.{ts,tsx}",
];
const shared = {
  globals: true,
  environment: "node",
  setupFiles: ["tests/setup/database.ts"],
  testTimeout: 20_000,
  hookTimeout: 30_000,
  // Jobs log each run at "info": thousands of JSON lines that buried the test report. A test of the
  // logger raises the level itself; LOG_LEVEL=info npx vitest shows them all.
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
};

// Every test file gets its own database (tests/setup/database.ts). With TEST_DATABASE_URL set
// (CI), the database-backed tests (*.db.test.ts and db/) run a second time against MariaDB.
export default defineConfig({
  resolve: { alias },
  esbuild: { jsx: "automatic" },
  test: {
    // Vitest's default is one worker per core less one: a single worker on our 2-core machines,
    // while most test files wait on SQLite, MariaDB or Redis rather than on a core. Three workers
    // took the whole run from about 8 minutes to 4.5 (measured side by side on the CI machine).
    maxWorkers: 3,
    projects: [
      { resolve: { alias }, esbuild: { jsx: "automatic" }, test: { ...shared, name: "sqlite", include } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              esbuild: { jsx: "automatic" as const },
              test: {
                ...shared,
                name: "mariadb",
                include: [
                  "modules/**/*.db.test.ts",
                  "db/**/*.test.ts",
                  "app/composition/**/*.test.ts",
                  "jobs/**/*.db.test.ts",
                  "tests/fuzz/**/*.db.test.ts",
                  "tests/security/route-guards.db.test.ts",
                  "app/utils/privacy-routes.db.test.ts",
                  "tests/performance/request-statements.db.test.ts",
                  "tests/backup/**/*.db.test.ts",
                ],
                env: { TEST_DB_DIALECT: "mysql" },
              },
            },
          ]
        : []),
    ],
  },
});
