import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { pageScriptResponse, pageScriptUrl } from "~/utils/page-scripts.server";

// The wizard's first step and the review page's editors are served without React (ADR 0029, 0035):
// their behaviour is this one script; pages served as HTML on a first load have theirs (ADR 0034).

/** The named script as served; it must be one file with neither React nor zod inside. */
async function served(name: Parameters<typeof pageScriptUrl>[0]) {
  const url = await pageScriptUrl(name);
  expect(url).toMatch(new RegExp(`^/page-script/${name}\\.[0-9a-f]{10}\\.js$`));
  const response = await pageScriptResponse(url.split("/").pop()!);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/javascript/);
  expect(response.headers.get("Cache-Control")).toContain("immutable");
  const code = await response.text();
  // One file: nothing for the browser to fetch after it.
  expect(code).not.toMatch(/\bimport\s*\(|\bimport\s*["{]/);
  expect(code).not.toContain("react");
  expect(code).not.toContain("ZodError");
  return code;
}

describe("page scripts", () => {
  it("bundles the registration forms' behaviour into one small self-contained script at a hashed URL", async () => {
    const code = await served("registration-form");
    expect(code).toContain("form[data-script-action]");
    expect(zlib.gzipSync(code).length).toBeLessThan(10 * 1024);
  });

  it("bundles the script of pages served as HTML (ADR 0034) small, without React or zod", async () => {
    const code = await served("html-page");
    expect(code).toContain("/form-check/");
    expect(zlib.gzipSync(code).length).toBeLessThan(3 * 1024);
  });

  it("sends a stale hash uncached and an unknown name not at all", async () => {
    const stale = await pageScriptResponse("registration-form.0000000000.js");
    expect(stale.status).toBe(200);
    expect(stale.headers.get("Cache-Control")).toBe("no-cache");
    expect((await pageScriptResponse("no-such-script.0000000000.js")).status).toBe(404);
    expect((await pageScriptResponse("../../etc/passwd")).status).toBe(404);
  });
});
