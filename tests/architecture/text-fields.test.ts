import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const MARK = "raw-string:";

/** Every form schema of the modules: modules/<m>/schemas.ts and modules/<m>/schemas/*.ts (tests aside). */
function schemaFiles(): string[] {
  const files: string[] = [];
  for (const m of fs.readdirSync(path.join(root, "modules"), { withFileTypes: true })) {
    if (!m.isDirectory()) continue;
    const dir = path.join("modules", m.name);
    if (fs.existsSync(path.join(root, dir, "schemas.ts"))) files.push(path.join(dir, "schemas.ts"));
    if (fs.existsSync(path.join(root, dir, "schemas"))) {
      for (const f of fs.readdirSync(path.join(root, dir, "schemas"))) if (/\.tsx?$/.test(f) && !/\.test\./.test(f)) files.push(path.join(dir, "schemas", f));
    }
  }
  return files;
}

/**
 * A text field built straight from zod's string skips the shared helper (lib/validation.ts
 * plainText/requiredText/optionalText), which refuses control characters. A line may do so only
 * when it says why with "raw-string:" (passwords are hashed, never stored or shown).
 */
export function rawStringFields(source: string, file: string): string[] {
  const out: string[] = [];
  const lines = source.split("\n");
  lines.forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, "");
    const next = lines[i + 1] ?? "";
    const opensString = /\bz\s*\.\s*(coerce\s*\.\s*)?string\s*\(/.test(code) || (/\bz\s*$/.test(code) && /^\s*\.string\s*\(/.test(next));
    if (opensString && !line.includes(MARK)) out.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return out;
}

describe("text fields of the modules' form schemas", () => {
  it("all come from the shared helper that refuses control characters", () => {
    const files = schemaFiles();
    expect(files.length).toBeGreaterThan(5);
    const found = files.flatMap((f) => rawStringFields(fs.readFileSync(path.join(root, f), "utf8"), f));
    expect(found).toEqual([]);
  });

  it("catches a deliberate breach and lets a marked line through", () => {
    expect(rawStringFields("const a = z.object({ note: z.string().max(9) });", "x.ts")).toHaveLength(1);
    expect(rawStringFields("const a = z\n  .string({ error: 'x' })\n  .min(1);", "x.ts")).toHaveLength(1);
    expect(rawStringFields("const a = z.coerce.string();", "x.ts")).toHaveLength(1);
    expect(rawStringFields("const p = z.string(); // raw-string: hashed, never stored", "x.ts")).toEqual([]);
    expect(rawStringFields('const n = requiredText("Note", { multiline: true });', "x.ts")).toEqual([]);
  });
});
