/**
 * The import rules dependency-cruiser checks (`npm run cycles`; ADR 0045). Type-only imports count
 * (tsPreCompilationDeps), so a cycle that only types close is still a cycle. The layering rules
 * dependency-cruiser cannot say as simply stay in tests/architecture/.
 */
/** The files that start a process: only they (and tests, benches) may import the composition root. */
const PROCESS_ENTRIES = "^(app/entry\\.server\\.tsx|jobs/worker\\.ts|db/cli\\.ts|scripts/|bench/|tests/)";
const TEST_FILES = "\\.test\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycle, type-only imports included (issue 27 item 3).",
      from: {},
      to: { circular: true },
    },
    {
      name: "infrastructure-imports-no-module",
      severity: "error",
      comment: "jobs/ and db/ receive handlers, migrations and seeds from the composition root at start-up; they import no module.",
      from: { path: "^(jobs|db)/" },
      to: { path: "^modules/" },
    },
    {
      name: "composition-root-only-from-process-entries",
      severity: "error",
      comment: "Only the app and the process entries (and tests) import app/composition.server.ts; nothing it composes imports it back.",
      from: { path: "^(lib|modules|jobs|db|emails)/", pathNot: [PROCESS_ENTRIES, TEST_FILES] },
      to: { path: "^app/composition\\.server\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build[^/]*|public)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    moduleSystems: ["es6", "cjs"],
  },
};
