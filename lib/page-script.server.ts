import fs from "node:fs";
import path from "node:path";

/**
 * The document pages' script (ADR 0043), bundled by `npm run build` (scripts/page-script-bundler.ts)
 * into build{-slot}/page-scripts/ and served from there: nothing is bundled while the server runs.
 * It is an ES module split by esbuild, so code only some pages need (the photo's cropper) is a
 * chunk loaded on demand.
 */
export interface PageScriptManifest {
  /** Entry name → its file. */
  entries: Record<string, string>;
  /** Entry name → the chunks it imports statically (preloaded with it). */
  preload: Record<string, string[]>;
  /** Every file the build wrote (entries and chunks): what /page-script/ serves. */
  files: string[];
}

/** Where `npm run build` leaves the bundled page scripts, beside the server build it belongs to. */
export function pageScriptsDir(): string {
  return path.resolve(process.env.BUILD_SLOT ? `build-${process.env.BUILD_SLOT}` : "build", "page-scripts");
}

let cached: { at: number; manifest: PageScriptManifest | null } | null = null;

/** The build's manifest; re-read when it changes (the dev watcher rewrites it), null if none. */
function manifest(): PageScriptManifest | null {
  const file = path.join(pageScriptsDir(), "manifest.json");
  const at = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (!cached || cached.at !== at) cached = { at, manifest: at ? (JSON.parse(fs.readFileSync(file, "utf8")) as PageScriptManifest) : null };
  return cached.manifest;
}

/**
 * The URL of a page script. Without a build (unit tests) null: the page is then served without
 * it, which is the no-JavaScript page; in production a missing build stops the page with its cause.
 */
export function pageScriptUrl(name: string): { src: string; preload: string[] } | null {
  const found = manifest();
  const file = found?.entries[name];
  if (file) return { src: `/page-script/${file}`, preload: (found.preload[name] ?? []).map((chunk) => `/page-script/${chunk}`) };
  if (process.env.NODE_ENV === "production") throw new Error(`The page script "${name}" was not bundled by the build: run npm run build.`);
  return null;
}

/**
 * A file of /page-script/: every name holds its content's hash, so it is cached for good. A name
 * from before a deploy gets its entry's current file, uncached (an open page keeps working).
 */
export function pageScriptResponse(file: string): Response {
  const found = manifest();
  const headers = (cache: string) => ({ "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": cache, "X-Content-Type-Options": "nosniff" });
  if (found?.files.includes(file))
    return new Response(fs.readFileSync(path.join(pageScriptsDir(), file)), { headers: headers("public, max-age=31536000, immutable") });
  const entry = /^([a-z-]+)\.[A-Za-z0-9_-]+\.js$/.exec(file)?.[1];
  const current = entry && found && Object.hasOwn(found.entries, entry) ? found.entries[entry] : null;
  if (current) return new Response(fs.readFileSync(path.join(pageScriptsDir(), current)), { headers: headers("no-cache") });
  return new Response("Not Found", { status: 404 });
}
