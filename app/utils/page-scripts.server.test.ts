import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageScriptResponse, pageScriptsDir, pageScriptUrl } from "@lib/page-script.server";
import { PAGE_SCRIPTS } from "~/utils/page-scripts.server";
import { bundlePageScripts } from "../../scripts/page-script-bundler";

// The document pages' script (ADR 0043) as `npm run build` bundles it into a build slot of its
// own, then as the server serves it from there (nothing is bundled at run time).
const slot = `test-${process.pid}-${Date.now()}`;
const saved = process.env.BUILD_SLOT;

beforeAll(async () => {
  process.env.BUILD_SLOT = slot;
  await bundlePageScripts(PAGE_SCRIPTS, pageScriptsDir());
}, 60_000);
afterAll(() => {
  fs.rmSync(path.resolve(`build-${slot}`), { recursive: true, force: true });
  if (saved === undefined) delete process.env.BUILD_SLOT;
  else process.env.BUILD_SLOT = saved;
});

async function served(file: string) {
  const response = pageScriptResponse(file);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/javascript/);
  return { response, code: await response.text() };
}

describe("the document pages' script", () => {
  it("is served at a hashed URL, cached for good, small, without React or zod; the photo's cropper is a chunk loaded on demand", async () => {
    const url = pageScriptUrl("document");
    expect(url?.src).toMatch(/^\/page-script\/document\.[A-Za-z0-9_-]+\.js$/);
    const { response, code: entry } = await served(url!.src.split("/").pop()!);
    expect(response.headers.get("Cache-Control")).toContain("immutable");
    // What a page loads at once: the entry and the chunks it preloads (its static imports).
    let loaded = entry;
    for (const chunk of url!.preload) loaded += (await served(chunk.split("/").pop()!)).code;
    for (const word of ["react", "ZodError", "Photo to crop"]) expect(loaded).not.toContain(word);
    expect(loaded).toContain("/form-check/");
    expect(zlib.gzipSync(loaded).length).toBeLessThan(8 * 1024);
    // The cropper: a chunk of its own, imported on demand, a file the server has.
    const imported = [...loaded.matchAll(/import\(["']\.\/(chunk\.[A-Za-z0-9_-]+\.js)["']\)/g)].map((m) => m[1]);
    expect(imported.length).toBe(1);
    expect((await served(imported[0])).code).toContain("Photo to crop");
  });

  it("sends an old name of the entry uncached (a page open across a deploy), and nothing else unknown", async () => {
    const stale = pageScriptResponse("document.OLDHASH1.js");
    expect(stale.status).toBe(200);
    expect(stale.headers.get("Cache-Control")).toBe("no-cache");
    expect(pageScriptResponse("no-such-script.0000.js").status).toBe(404);
    expect(pageScriptResponse("../../etc/passwd").status).toBe(404);
    expect(pageScriptResponse("manifest.json").status).toBe(404);
  });
});
