// Bundles the scripts of the pages served without React (app/utils/page-scripts.server.ts) into
// build{-slot}/page-scripts/ with a manifest of their hashes: part of `npm run build`, so the
// server never bundles at run time and a production install (no esbuild) serves them as built.
import fs from "node:fs";
import path from "node:path";
import { PAGE_SCRIPTS } from "../app/utils/page-scripts.server";
import { bundlePageScript, pageScriptsDir, type PageScriptManifest } from "../lib/page-script.server";

const dir = pageScriptsDir();
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const manifest: PageScriptManifest = {};
for (const [name, entry] of Object.entries(PAGE_SCRIPTS)) {
  const { script } = await bundlePageScript(entry);
  const file = `${name}.${script.hash}.js`;
  fs.writeFileSync(path.join(dir, file), script.code);
  manifest[entry] = { file, hash: script.hash };
}
fs.writeFileSync(path.join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`bundle-page-scripts: ${Object.keys(manifest).length} page scripts in ${path.relative(process.cwd(), dir)}`);
