// The browser bundle, minified a second time with terser after `remix build` (npm run build runs
// both). The classic compiler minifies with esbuild, which does not inline or drop as much: terser's
// three passes (with getters taken as pure, `undefined` and prototypes shortened) take ~3% more off every file after gzip (React and the router are 84 KB of each page's
// 100 KB budget), bytes that trekkers on a mountain link download on every first visit.
// Files keep their names (the manifest and the imports name them); only their contents shrink.
import fs from "node:fs";
import path from "node:path";
import { minify } from "terser";

const out = process.env.BUILD_SLOT ? `build-${process.env.BUILD_SLOT}` : "build";
const root = path.resolve("public", out);

function* scripts(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* scripts(file);
    else if (entry.name.endsWith(".js") && !entry.name.startsWith("manifest-")) yield file;
  }
}

let before = 0;
let after = 0;
for (const file of scripts(root)) {
  const code = fs.readFileSync(file, "utf8");
  const result = await minify(code, {
    module: true,
    ecma: 2020,
    compress: { passes: 3, pure_getters: true, unsafe_undefined: true, unsafe_proto: true },
    mangle: true,
    format: { comments: false },
  });
  if (result.code === undefined) throw new Error(`terser returned nothing for ${file}`);
  before += code.length;
  after += result.code.length;
  fs.writeFileSync(file, result.code);
}
console.log(`minify-build: public/${out} ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB`);
