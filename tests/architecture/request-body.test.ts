import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Request bodies are read only through lib/multipart.server.ts, which counts the bytes as they
// stream in and stops at a limit (issue 13, item 6): `request.formData()` and friends buffer a
// chunked body whole, whatever its size.

const ROOT = path.resolve(__dirname, "../..");
const SCANNED = ["app", "modules", "lib", "jobs", "emails", "db"];
const READER = "lib/multipart.server.ts";
const DIRECT_READ = /\b(request|req|posted)(\.clone\(\))?\.(formData|text|json|arrayBuffer|blob|bytes)\(\)|\b(request|req)\.body\.getReader\(/g;

/** The lines of `source` that read a request body directly. */
export function directBodyReads(source: string): string[] {
  return source.split("\n").filter((line) => {
    DIRECT_READ.lastIndex = 0;
    return DIRECT_READ.test(line) && !/^\s*(\*|\/\/)/.test(line);
  });
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("request bodies", () => {
  it("are read through the bounded helpers only", () => {
    const offenders = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
      .map((file) => path.relative(ROOT, file))
      .filter((file) => file !== READER)
      .flatMap((file) => directBodyReads(fs.readFileSync(path.join(ROOT, file), "utf8")).map((line) => `${file}: ${line.trim()}`));
    expect(offenders).toEqual([]);
  });

  it("the check sees a direct read (a deliberate breach)", () => {
    expect(directBodyReads("const form = await request.formData();")).toHaveLength(1);
    expect(directBodyReads("const form = await request.clone().formData();")).toHaveLength(1);
    expect(directBodyReads("const body = new URLSearchParams(await request.text());")).toHaveLength(1);
    expect(directBodyReads("const body: unknown = await request.json();")).toHaveLength(1);
    expect(directBodyReads("const form = await readForm(request);")).toEqual([]);
    expect(directBodyReads("// never request.formData() here")).toEqual([]);
  });
});
