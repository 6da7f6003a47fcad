// Bundles the document pages' script (app/utils/page-scripts.server.ts, ADR 0043) into
// build{-slot}/page-scripts/ with its manifest: part of `npm run build`, so the server never
// bundles at run time and a production install (no esbuild) serves it as built.
//   npx tsx scripts/bundle-page-scripts.ts [--watch]   (--watch: `npm run dev`, rebundled on change)
import path from "node:path";
import { PAGE_SCRIPTS } from "../app/utils/page-scripts.server";
import { pageScriptsDir } from "../lib/page-script.server";
import { bundlePageScripts } from "./page-script-bundler";

const dir = pageScriptsDir();
const watch = process.argv.includes("--watch");
const manifest = await bundlePageScripts(PAGE_SCRIPTS, dir, watch);
console.log(
  `bundle-page-scripts: ${Object.keys(manifest.entries).length} entries, ${manifest.files.length} files in ${path.relative(process.cwd(), dir)}${watch ? " (watching)" : ""}`,
);
