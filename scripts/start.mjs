// `npm start`: install what is missing, migrate, seed lookups (and demo data into an empty
// database), build, and serve on PORT with the embedded default.
// The browser suite starts one server through this very file (scripts/e2e-server.mjs), with
// TIMS_PREBUILT naming the build it already made: building again would rewrite the assets the
// suite's other servers are serving.
import { execSync, spawn } from "node:child_process";
import { ensureBrowser, ensureNodeModules } from "./ensure-deps.mjs";
import { SERVER_NODE_FLAGS } from "./node-flags.mjs";

ensureNodeModules();
// Card PDFs render in Debian's chromium (in this process when there is no Redis).
ensureBrowser();
const env = { ...process.env, VITE_CJS_IGNORE_WARNING: "true" };
execSync("npx tsx db/cli.ts prepare", { stdio: "inherit", env });
const prebuilt = process.env.TIMS_PREBUILT;
if (!prebuilt) execSync("npm run build", { stdio: "inherit", env });
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/serve.mjs", prebuilt || "./build/index.js"], {
  stdio: "inherit",
  env: { ...env, NODE_ENV: process.env.NODE_ENV || "production", PORT: process.env.PORT || "3000" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
