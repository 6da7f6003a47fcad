// Prints (or with --write, puts into docs/adr/0043-two-page-modes.md) the table of every page
// route and its mode, as tests/architecture/page-modes.test.ts expects it.
import fs from "node:fs";
import path from "node:path";
import { modeTable, routeModes } from "./page-modes";

const root = path.resolve(import.meta.dirname, "../..");
const table = modeTable(routeModes(root));
if (!process.argv.includes("--write")) console.log(table);
else {
  const adr = path.join(root, "docs/adr/0043-two-page-modes.md");
  const text = fs.readFileSync(adr, "utf8");
  fs.writeFileSync(adr, text.replace(/<!-- routes -->\n[\s\S]*?<!-- \/routes -->/, `<!-- routes -->\n${table}\n<!-- /routes -->`));
}
