/**
 * JavaScript per page, at load and in all (with what it loads on demand), from the build's own
 * manifests (bench/manifest-weights.ts says how pages are counted). Deterministic, so it is the figure checked against the 100 KB (the browser
 * tests hold every page to it); bench/page-weight.ts measures what a browser downloads for the
 * most used pages and the slow-3G times.
 *
 *   npx tsx bench/route-weights.ts [--slot w] [--over 90] [--json]
 *
 * Builds (npm run build: remix build, then scripts/minify-build.mjs) into public/build-{slot}/
 * first unless --no-build; `--slot ""` with --no-build reads public/build/.
 */
import { execSync } from "node:child_process";
import { manifestWeights } from "./manifest-weights";

const arg = (name: string, fallback: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const slot = arg("--slot", "weights");
const over = Number(arg("--over", "0"));
if (!process.argv.includes("--no-build"))
  execSync("npm run build", { stdio: "ignore", env: { ...process.env, BUILD_SLOT: slot, VITE_CJS_IGNORE_WARNING: "true" } });

const rows = manifestWeights(slot ? `-${slot}` : "");
if (process.argv.includes("--json")) console.log(JSON.stringify(rows, null, 2));
else {
  console.log("  load    in all  files  page (route)  mode");
  for (const row of rows.filter((r) => r.kb >= over))
    console.log(
      `${row.kb.toFixed(1).padStart(6)} KB ${row.allKb.toFixed(1).padStart(6)} KB ${String(row.files).padStart(4)}  ${row.page}  (${row.id})  ${row.mode}`,
    );
  const apps = rows.filter((r) => r.mode === "app");
  const documents = rows.filter((r) => r.mode === "document");
  console.log(
    `\n${rows.length} pages (${apps.length} app, ${documents.length} document); over 100 KB at load: ${rows.filter((r) => r.kb > 100).length}; largest ${rows[0]?.kb.toFixed(1)} KB (${rows[0]?.page}); largest in all ${Math.max(...rows.map((r) => r.allKb)).toFixed(1)} KB; documents ${documents[0]?.kb.toFixed(1)} KB at load`,
  );
}
