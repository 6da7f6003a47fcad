import fs from "node:fs";
import path from "node:path";

/**
 * A module's public entries (ADR 0045): at most four, each named for who imports it: index.ts
 * (browser-safe rules, constants, types), index.ui.ts (components and lists for pages),
 * index.schemas.ts (zod schemas, loaded lazily by pages) and index.server.ts (loaders, actions,
 * jobs). Where adding a component to index.ui.ts pushed a page over the JavaScript budget (measured,
 * ADR 0045), a module may name one entry differently, listed here, and stays within four: a new one
 * needs the ADR and this list changed.
 */
export const NARROW_ENTRIES: Readonly<Record<string, readonly string[]>> = {
  cards: ["index.card.ts"],
};
const STANDARD = ["index.ts", "index.ui.ts", "index.schemas.ts", "index.server.ts"];

/** modules/<m>/index*.ts → its text. */
export function moduleEntries(root: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of fs.readdirSync(path.join(root, "modules"), { withFileTypes: true })) {
    if (!m.isDirectory()) continue;
    for (const f of fs.readdirSync(path.join(root, "modules", m.name))) {
      if (/^index(\.[a-z][a-z-]*)*\.tsx?$/.test(f)) out.set(`modules/${m.name}/${f}`, fs.readFileSync(path.join(root, "modules", m.name, f), "utf8"));
    }
  }
  return out;
}

export function entryBreaches(entries: Map<string, string>): string[] {
  const found: string[] = [];
  const byModule = new Map<string, string[]>();
  for (const [file, text] of entries) {
    const [, m, name] = file.split("/");
    byModule.set(m, [...(byModule.get(m) ?? []), name]);
    if (/^\s*export\s+\*/m.test(text)) found.push(`${file}: export * (list the names)`);
  }
  for (const [m, names] of [...byModule].sort()) {
    const narrow = NARROW_ENTRIES[m] ?? [];
    if (names.length > 4) found.push(`${m}: ${names.length} entries (at most 4)`);
    for (const n of names.sort()) if (!STANDARD.includes(n) && !narrow.includes(n)) found.push(`${m}: ${n} is not one of its entries in ADR 0045`);
  }
  return found;
}
