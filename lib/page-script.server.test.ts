import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageScript } from "@lib/page-script.server";

// Outside production a page script is rebuilt only when one of its sources changed: the root asks
// for the HTML pages' script on every request.
describe("pageScript outside production", () => {
  it("reuses the bundle until a source file it bundled changes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-script-"));
    const helper = path.join(dir, "helper.ts");
    const entry = path.join(dir, "entry.ts");
    fs.writeFileSync(helper, 'export const word = "first";\n');
    fs.writeFileSync(entry, 'import { word } from "./helper";\ndocument.title = word;\n');
    const first = await pageScript(entry);
    expect(first.code).toContain("first");
    expect(await pageScript(entry)).toBe(first);
    // An edit to an imported file (its mtime moves on) gives a new bundle and a new hash.
    fs.writeFileSync(helper, 'export const word = "second";\n');
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(helper, later, later);
    const second = await pageScript(entry);
    expect(second.code).toContain("second");
    expect(second.hash).not.toBe(first.hash);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
