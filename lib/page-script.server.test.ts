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

// In production nothing is bundled at run time (esbuild is a development dependency): the server
// serves what `npm run build` bundled (scripts/bundle-page-scripts.ts), by its manifest.
describe("pageScript in production", () => {
  it("reads the build's bundle and hash, and names the build when a script is missing", async () => {
    const slot = `test-${process.pid}-${Date.now()}`;
    const saved = { slot: process.env.BUILD_SLOT, env: process.env.NODE_ENV };
    process.env.BUILD_SLOT = slot;
    process.env.NODE_ENV = "production";
    const dir = path.resolve(`build-${slot}`, "page-scripts");
    try {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "page.abc123.js"), "window.prebuilt=1;");
      fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ "lib/ui/browser/prebuilt-entry.ts": { file: "page.abc123.js", hash: "abc123" } }));
      // The entry does not even exist as source: the bundle comes from the build alone.
      expect(await pageScript("lib/ui/browser/prebuilt-entry.ts")).toEqual({ code: "window.prebuilt=1;", hash: "abc123" });
      await expect(pageScript("lib/ui/browser/not-built.ts")).rejects.toThrow("run npm run build");
    } finally {
      process.env.BUILD_SLOT = saved.slot;
      process.env.NODE_ENV = saved.env;
      if (saved.slot === undefined) delete process.env.BUILD_SLOT;
      fs.rmSync(path.resolve(`build-${slot}`), { recursive: true, force: true });
    }
  });
});
