import * as esbuild from "esbuild";
import fs from "node:fs";
import path from "node:path";
import type { PageScriptManifest } from "../lib/page-script.server";

/**
 * Bundles the entries (name → TypeScript file, relative to the app's root, with the tsconfig's path
 * aliases) into `dir` with their manifest, at build time: esbuild is a development dependency.
 */
export async function bundlePageScripts(entries: Record<string, string>, dir: string, watch = false): Promise<PageScriptManifest> {
  const options = {
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.resolve(file)])),
    bundle: true,
    splitting: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    legalComments: "none",
    outdir: dir,
    entryNames: "[name].[hash]",
    chunkNames: "chunk.[hash]",
    write: false,
    metafile: true,
  } as const;
  const write = (result: Awaited<ReturnType<typeof esbuild.build>>): PageScriptManifest => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const manifest: PageScriptManifest = { entries: {}, preload: {}, files: [] };
    for (const out of result.outputFiles ?? []) {
      fs.writeFileSync(out.path, out.contents);
      manifest.files.push(path.basename(out.path));
    }
    for (const [file, meta] of Object.entries(result.metafile?.outputs ?? {})) {
      const name = meta.entryPoint ? Object.entries(entries).find(([, src]) => path.resolve(src) === path.resolve(meta.entryPoint!))?.[0] : undefined;
      if (!name) continue;
      manifest.entries[name] = path.basename(file);
      // Its static imports: the page preloads them with it, so they do not wait for it.
      manifest.preload[name] = meta.imports.filter((i) => i.kind === "import-statement").map((i) => path.basename(i.path));
    }
    fs.writeFileSync(path.join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  };
  if (!watch) return write(await esbuild.build(options));
  // `npm run dev`: rebundled on every change to a file the scripts import.
  let first: PageScriptManifest | null = null;
  const ctx = await esbuild.context({
    ...options,
    plugins: [
      {
        name: "write",
        setup: (build) => build.onEnd((result) => void (result.errors.length ? null : (first = write(result as Awaited<ReturnType<typeof esbuild.build>>)))),
      },
    ],
  });
  await ctx.watch();
  return first ?? { entries: {}, preload: {}, files: [] };
}
