// `npm start`: install what is missing, migrate, seed lookups (and demo data into an empty
// database), build, and serve on PORT with the embedded default.
import { execSync, spawn } from "node:child_process";
import { ensureBrowser, ensureNodeModules } from "./ensure-deps.mjs";
import { SERVER_NODE_FLAGS } from "./node-flags.mjs";

ensureNodeModules();
// Card PDFs render in Debian's chromium (in this process when there is no Redis).
ensureBrowser();
const env = { ...process.env, VITE_CJS_IGNORE_WARNING: "true" };
execSync("npx tsx db/cli.ts prepare", { stdio: "inherit", env });
execSync("npx remix build", { stdio: "inherit", env });
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/serve.mjs", "./build/index.js"], {
  stdio: "inherit",
  env: { ...env, NODE_ENV: process.env.NODE_ENV || "production", PORT: process.env.PORT || "3000" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
