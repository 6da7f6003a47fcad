// The cost of a request as the user waits for it (issue 30 item 2): the HTTP time of an empty
// signed-in page (/account-settings) and a list's first page (/trekkers), with the SQL statements
// each ran, on the embedded SQLite demo, served as `npm start` serves it (scripts/serve.mjs with
// its node flags). Rough figures: the machine is shared; the load average is printed beside them.
//
//   npm run build && npx tsx bench/request-cost.ts [--build build/index.js] [--root .] [--runs 40] [--port 4480]
//
// --root names the tree whose scripts/serve.mjs serves --build (an older checkout, to compare
// side by side); the database is a fresh demo made by this tree's `db/cli.ts prepare`. The
// statement count comes from the server's Server-Timing header (STATEMENT_TIMING=1); a server
// without it shows "-".
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/node-flags.mjs";
import { arg, median, percentile, timePage } from "./support";

const root = path.resolve(arg("root", "."));
const build = arg("build", "build/index.js");
const runs = Number(arg("runs", "40"));
const port = Number(arg("port", "4480"));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tims-request-cost-"));
process.env.DATA_DIR = dataDir;
process.env.TIMS_MODE = "embedded";
// The page scripts sit beside the server build; a build-<slot> directory is BUILD_SLOT's.
const slot = /^build-(.+)$/.exec(path.basename(path.dirname(path.resolve(root, build))))?.[1];
const env = { ...process.env, ...(slot ? { BUILD_SLOT: slot } : {}), DATA_DIR: dataDir, TIMS_MODE: "embedded", NODE_ENV: "production" as const };

execSync("npx tsx db/cli.ts prepare", { stdio: "ignore", env });
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/serve.mjs", build], {
  cwd: root,
  env: { ...env, PORT: String(port), HOST: "127.0.0.1", APP_URL: `http://127.0.0.1:${port}`, STATEMENT_TIMING: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});
const origin = `http://127.0.0.1:${port}`;

try {
  for (let i = 0; ; i++) {
    const up = await fetch(`${origin}/login`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 120) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const { findAuthUser, findUserByEmail } = await import("@modules/users/index.server");
  const { startSession } = await import("~/utils/guards.server");
  const cookieOf = async (email: string) => {
    const user = await findAuthUser((await findUserByEmail(email))!.id);
    return (await startSession(new Request(`${origin}/login`), user!, false)).split(";")[0]!;
  };
  const viewers = { agency: await cookieOf("agency@tims.test"), board: await cookieOf("ntb@tims.test") };

  console.log(`${build} served by ${path.relative(process.cwd(), root) || "."}/scripts/serve.mjs, ${runs} requests each, load ${os.loadavg()[0].toFixed(2)}`);
  console.log("| page | viewer | statements | median ms | p95 ms |");
  console.log("|---|---|---:|---:|---:|");
  for (const page of ["/account-settings", "/trekkers"]) {
    for (const [who, cookie] of Object.entries(viewers)) {
      const { times, statements } = await timePage(origin, page, cookie, runs);
      console.log(`| ${page} | ${who} | ${statements} | ${median(times).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`);
    }
  }
  console.log(`load ${os.loadavg()[0].toFixed(2)} at the end`);
} finally {
  server.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}
