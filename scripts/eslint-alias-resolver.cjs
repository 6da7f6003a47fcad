// An import resolver (eslint-module-utils interface v2) for eslint-plugin-boundaries: the
// tsconfig path aliases (~/, @modules/, @lib/) resolve to files as tests/architecture/import-graph.ts
// resolves them; everything else goes to eslint-import-resolver-node with the TypeScript extensions.
const fs = require("node:fs");
const path = require("node:path");
const nodeResolver = require("eslint-import-resolver-node");

const root = path.resolve(__dirname, "..");
const ALIASES = { "~/": "app/", "@modules/": "modules/", "@lib/": "lib/" };
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".jsx", "/index.ts", "/index.tsx"];

exports.interfaceVersion = 2;
exports.resolve = function resolve(source, file, config) {
  const alias = Object.keys(ALIASES).find((a) => source.startsWith(a));
  if (alias || source.startsWith(".")) {
    const base = alias ? path.join(root, ALIASES[alias] + source.slice(alias.length)) : path.resolve(path.dirname(file), source);
    for (const ext of EXTENSIONS) {
      const candidate = base + ext;
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return { found: true, path: candidate };
    }
    // `./x.js` written for `./x.ts` (ESM style).
    const ts = base.replace(/\.js$/, ".ts");
    if (ts !== base && fs.existsSync(ts)) return { found: true, path: ts };
    return { found: false };
  }
  return nodeResolver.resolve(source, file, { extensions: [".ts", ".tsx", ".js", ".jsx", ".cjs", ".mjs", ".json"], ...config });
};
