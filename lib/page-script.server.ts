import crypto from "node:crypto";
import path from "node:path";

export interface PageScript {
  code: string;
  /** Of the code: a new build is a new URL, so the old one may be cached for good. */
  hash: string;
}

const built = new Map<string, Promise<PageScript>>();

/**
 * One browser script for a page served without React (ADR 0029), bundled from its TypeScript
 * entry (relative to the app's root, with the tsconfig's path aliases) by esbuild, the bundler
 * the Remix compiler itself runs on. Built once per process on first use, in memory; in
 * development on every use, so an edit shows at the next reload.
 */
export function pageScript(entry: string): Promise<PageScript> {
  const cached = process.env.NODE_ENV === "production" ? built.get(entry) : undefined;
  if (cached) return cached;
  const job = (async () => {
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
    });
    const code = result.outputFiles[0].text;
    return { code, hash: crypto.createHash("sha256").update(code).digest("hex").slice(0, 10) };
  })();
  built.set(entry, job);
  job.catch(() => built.delete(entry));
  return job;
}
