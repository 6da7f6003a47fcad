import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface PageScript {
  code: string;
  /** Of the code: a new build is a new URL, so the old one may be cached for good. */
  hash: string;
}

interface Built {
  script: PageScript;
  /** The source files bundled, and when: in development an edit to any of them rebuilds. */
  inputs: string[];
  at: number;
}

const built = new Map<string, Promise<Built>>();

const unchangedSince = (done: Built) => done.inputs.every((file) => (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) <= done.at);

/** Where `npm run build` leaves the bundled page scripts, beside the server build it belongs to. */
export function pageScriptsDir(): string {
  return path.resolve(process.env.BUILD_SLOT ? `build-${process.env.BUILD_SLOT}` : "build", "page-scripts");
}

/** The build's list of bundled page scripts: entry → file (in pageScriptsDir) and hash. */
export type PageScriptManifest = Record<string, { file: string; hash: string }>;

/**
 * Bundles a page script's TypeScript entry (relative to the app's root, with the tsconfig's path
 * aliases) by esbuild, the bundler the Remix compiler itself runs on. esbuild is a development
 * dependency: production reads what `npm run build` bundled (scripts/bundle-page-scripts.ts).
 */
export async function bundlePageScript(entry: string): Promise<{ script: PageScript; inputs: string[] }> {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: [path.resolve(entry)],
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    legalComments: "none",
    write: false,
    metafile: true,
  });
  const code = result.outputFiles[0].text;
  const inputs = Object.keys(result.metafile.inputs).map((file) => path.resolve(file));
  return { script: { code, hash: crypto.createHash("sha256").update(code).digest("hex").slice(0, 10) }, inputs };
}

let prebuilt: PageScriptManifest | null = null;

/** A script `npm run build` bundled: nothing is bundled while the server runs in production. */
function prebuiltScript(entry: string): PageScript {
  prebuilt ??= JSON.parse(fs.readFileSync(path.join(pageScriptsDir(), "manifest.json"), "utf8")) as PageScriptManifest;
  const found = prebuilt[entry];
  if (!found) throw new Error(`The page script ${entry} was not bundled by the build: run npm run build.`);
  return { code: fs.readFileSync(path.join(pageScriptsDir(), found.file), "utf8"), hash: found.hash };
}

/**
 * One browser script for a page served without React (ADR 0029). In production it is the one the
 * build bundled, read once; elsewhere (development, tests) it is bundled on first use, in memory,
 * and again when one of its source files has changed since, so an edit shows at the next reload
 * (the root asks for the HTML pages' script on every request).
 */
export async function pageScript(entry: string): Promise<PageScript> {
  const cached = built.get(entry);
  if (cached) {
    const done = await cached.catch(() => null);
    if (done && (process.env.NODE_ENV === "production" || unchangedSince(done))) return done.script;
  }
  const job = (async (): Promise<Built> => {
    const at = Date.now();
    if (process.env.NODE_ENV === "production") return { script: prebuiltScript(entry), inputs: [], at };
    return { ...(await bundlePageScript(entry)), at };
  })();
  built.set(entry, job);
  job.catch(() => built.delete(entry));
  return (await job).script;
}
