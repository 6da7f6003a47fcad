/**
 * JavaScript per page from a build's own manifest (bench/route-weights.ts prints it; the browser
 * tests' tests/e2e/page-weight-budget.spec.ts holds every page to the budget): for every route
 * that renders a page, the gzip bytes of every script a first load of it fetches (the entry and
 * its imports, then each route module of its chain from the root, with their imports, each file
 * counted once). Pages served without React (handle.hydrate = false) load none of these: they
 * count their page script, if any; pages served as HTML on a first load (hydrate: "html", ADR 0034)
 * count the script of such pages; a page that decides by its URL is listed once per answer its
 * handle gives (`(as read)` for "html", `(?edit)` for the other), its own page script counted only
 * where it is not "html".
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import * as esbuild from "esbuild";

export type Mode = "react" | "none" | "html";
export interface PageWeight { page: string; id: string; kb: number; files: number; mode: Mode }

/** Every page of the build in public/build{suffix} (e.g. "-w" for BUILD_SLOT=w, "" for the default), heaviest first. */
export function manifestWeights(buildSuffix: string): PageWeight[] {
  const publicDir = path.resolve("public");
  interface RouteEntry { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }
  const buildDir = path.join(publicDir, `build${buildSuffix}`);
  const manifestFile = fs.readdirSync(buildDir).find((f) => f.startsWith("manifest-"));
  if (!manifestFile) throw new Error(`no manifest in ${buildDir}`);
  const manifestText = fs.readFileSync(path.join(buildDir, manifestFile), "utf8");
  const manifest = JSON.parse(manifestText.slice(manifestText.indexOf("{"), manifestText.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, RouteEntry>;
  };

  const gzipCache = new Map<string, number>();
  const gzip = (url: string) => {
    let size = gzipCache.get(url);
    if (size === undefined) {
      size = zlib.gzipSync(fs.readFileSync(path.join(publicDir, url)), { level: 6 }).length;
      gzipCache.set(url, size);
    }
    return size;
  };

  /** The route's source file, to tell pages from resource routes and find hydrate: false. */
  function sourceOf(id: string): string | null {
    const base = path.resolve("app", id);
    for (const candidate of [`${base}.tsx`, `${base}.ts`, path.join(base, "route.tsx"), path.join(base, "route.ts")]) {
      if (fs.existsSync(candidate)) return fs.readFileSync(candidate, "utf8");
    }
    return null;
  }

  function urlOf(id: string): string {
    const parts: string[] = [];
    for (let route: RouteEntry | undefined = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
      if (route.path) parts.unshift(route.path);
    }
    return `/${parts.join("/")}`.replace(/\/+/g, "/");
  }

  /** The page scripts (lib/page-script.server.ts), bundled as the server bundles them, by name. */
  const scriptSources = Object.fromEntries(
    [...fs.readFileSync("app/utils/page-scripts.server.ts", "utf8").matchAll(/"([a-z-]+)": "([^"]+\.ts)"/g)].map((m) => [m[1], m[2]]),
  );
  const pageScriptGzip = (name: string) => {
    const code = esbuild.buildSync({ entryPoints: [path.resolve(scriptSources[name])], bundle: true, minify: true, format: "iife", platform: "browser", target: "es2020", legalComments: "none", write: false }).outputFiles[0].text;
    return zlib.gzipSync(code, { level: 6 }).length;
  };

  const rows: PageWeight[] = [];
  const modesOf = (source: string): { mode: Mode; suffix: string }[] => {
    const decided = /hydrate:\s*\([^)]*\)\s*=>([^}]*)/.exec(source)?.[1];
    if (decided) {
      const other: Mode = /\bfalse\b/.test(decided) ? "none" : "react";
      return [{ mode: "html", suffix: " (as read)" }, { mode: other, suffix: " (?edit)" }];
    }
    if (/hydrate:\s*"html"/.test(source)) return [{ mode: "html", suffix: "" }];
    if (/hydrate:\s*false/.test(source)) return [{ mode: "none", suffix: "" }];
    return [{ mode: "react", suffix: "" }];
  };
  for (const route of Object.values(manifest.routes)) {
    if (route.id === "root") continue;
    const source = sourceOf(route.id);
    if (!source || !/export default/.test(source)) continue; // a resource route: no page
    const layoutOnly = Object.values(manifest.routes).some((child) => child.parentId === route.id && child.index);
    if (layoutOnly) continue; // its index child is the page
    for (const { mode, suffix } of modesOf(source)) {
      const files = new Set<string>();
      if (mode === "react") {
        for (const url of [manifest.entry.module, ...manifest.entry.imports]) files.add(url);
        const chain: RouteEntry[] = [];
        for (let r: RouteEntry | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) chain.unshift(r);
        for (const r of chain) for (const url of [r.module, ...(r.imports ?? [])]) files.add(url);
      }
      let bytes = [...files].reduce((sum, url) => sum + gzip(url), 0);
      const own = [...source.matchAll(/pageScriptUrl\("([a-z-]+)"\)/g)].map((m) => m[1]);
      // A page that decides by its URL loads its own script in its other state, not as HTML.
      const scripts = mode === "html" && suffix ? [] : own;
      if (mode === "html") scripts.push("html-page");
      for (const name of mode === "react" ? [] : scripts) bytes += pageScriptGzip(name);
      rows.push({ page: urlOf(route.id) + suffix, id: route.id, kb: Math.round((bytes / 1024) * 10) / 10, files: files.size + (mode === "react" ? 0 : scripts.length), mode });
    }
  }
  return rows.sort((a, b) => b.kb - a.kb);
}
