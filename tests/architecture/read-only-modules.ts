import fs from "node:fs";
import path from "node:path";

/**
 * Modules that read other modules' tables in SQL but own none (docs/adr/0039): they may never
 * write. Their sources (tests aside) hold no writing statement and no model or transaction write.
 */
export const READ_ONLY_MODULES: readonly string[] = ["ledger"];

const WRITES: readonly [string, RegExp][] = [
  [
    "SQL write",
    /\b(?:INSERT\s+(?:IGNORE\s+)?INTO|REPLACE\s+INTO|UPDATE\s+[`"\w.]+\s+SET|DELETE\s+FROM|TRUNCATE\b|(?:CREATE|DROP|ALTER)\s+(?:TEMPORARY\s+)?(?:TABLE|INDEX|VIEW))/i,
  ],
  ["model write", /\.(?:create|bulkCreate|update|destroy|upsert|increment|decrement|save)\s*\(/],
  ["write helper", /\b(?:insertRows|writeTransaction)\b/],
];

/** Comments say why and may name statements; only code counts. */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

/** What in `source` writes, as "<kind>: <text>". */
export function writesIn(source: string): string[] {
  const text = code(source);
  return WRITES.flatMap(([kind, pattern]) => {
    const found = text.match(new RegExp(pattern.source, `${pattern.flags}g`)) ?? [];
    return found.map((m) => `${kind}: ${m.trim()}`);
  });
}

/** Every write in the read-only modules' sources under `root`, as "<file>: <kind>: <text>". */
export function readOnlyBreaches(root: string, modules: readonly string[] = READ_ONLY_MODULES): string[] {
  const found: string[] = [];
  for (const name of modules) {
    const dir = path.join(root, "modules", name);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      for (const w of writesIn(fs.readFileSync(file, "utf8"))) found.push(`${path.relative(root, file)}: ${w}`);
    }
  }
  return found;
}
