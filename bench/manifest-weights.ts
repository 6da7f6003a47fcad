/**
 * JavaScript per page from a build's own manifests (bench/route-weights.ts prints it; the browser
 * tests' tests/e2e/page-weight-budget.spec.ts holds every page to the budget), in gzip bytes, each
 * file counted once. A page runs one of two ways (ADR 0043, read from its route's `page` handle):
 * - "app": the entry and its imports, then each route module of its chain from the root with
 *   their imports (Remix's manifest);
 * - "document": the document script and the chunks it preloads (build{slot}/page-scripts).
 * `kb` is what a first load fetches; `allKb` adds the code the page may load on demand (dynamic
 * imports reachable from it, with their own imports: the scan page's QR reader once the camera
 * starts, a form's schema, the photo's cropper).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export type Mode = "app" | "document";
export interface PageWeight {
  page: string;
  id: string;
  kb: number;
  allKb: number;
  files: number;
  mode: Mode;
}

const kbOf = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The imports of a built ES module (relative, or absolute from the site's root), static and dynamic. */
function importsOf(code: string): { fixed: string[]; dynamic: string[] } {
  const fixed = [...code.matchAll(/(?:\bfrom|\bimport)\s*["']((?:\.{1,2})?\/[^"']+\.js)["']/g)].map((m) => m[1]);
  const dynamic = [...code.matchAll(/\bimport\(\s*["']((?:\.{1,2})?\/[^"']+\.js)["']\s*\)/g)].map((m) => m[1]);
  return { fixed, dynamic };
}

/** Every page of the build in public/build{suffix} and build{suffix} (e.g. "-w" for BUILD_SLOT=w, "" for the default), heaviest first. */
export function manifestWeights(buildSuffix: string): PageWeight[] {
  const publicDir = path.resolve("public");
  interface RouteEntry {
    id: string;
    parentId?: string;
    path?: string;
    index?: boolean;
    module: string;
    imports?: string[];
  }
  const buildDir = path.join(publicDir, `build${buildSuffix}`);
  const manifestFile = fs.readdirSync(buildDir).find((f) => f.startsWith("manifest-"));
  if (!manifestFile) throw new Error(`no manifest in ${buildDir}`);
  const manifestText = fs.readFileSync(path.join(buildDir, manifestFile), "utf8");
  const manifest = JSON.parse(manifestText.slice(manifestText.indexOf("{"), manifestText.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, RouteEntry>;
  };
  const scriptsDir = path.resolve(`build${buildSuffix}`, "page-scripts");
  const scripts = JSON.parse(fs.readFileSync(path.join(scriptsDir, "manifest.json"), "utf8")) as {
    entries: Record<string, string>;
    preload: Record<string, string[]>;
    files: string[];
  };

  /** A file by its URL: /build…/x.js in public/, /page-script/x.js in the server build. */
  const fileOf = (url: string) => (url.startsWith("/page-script/") ? path.join(scriptsDir, url.slice("/page-script/".length)) : path.join(publicDir, url));
  const texts = new Map<string, string>();
  const text = (url: string) => {
    let code = texts.get(url);
    if (code === undefined) texts.set(url, (code = fs.readFileSync(fileOf(url), "utf8")));
    return code;
  };
  const gzips = new Map<string, number>();
  const gzip = (url: string) => {
    let size = gzips.get(url);
    if (size === undefined) gzips.set(url, (size = zlib.gzipSync(text(url), { level: 6 }).length));
    return size;
  };
  const resolve = (from: string, spec: string) => (spec.startsWith("/") ? spec : path.posix.join(path.posix.dirname(from), spec));

  /** What a page may load after it is up: dynamic imports reachable from `loaded`, with their static imports. */
  function onDemand(loaded: Set<string>): Set<string> {
    const extra = new Set<string>();
    const queue = [...loaded];
    while (queue.length) {
      const url = queue.pop()!;
      const { fixed, dynamic } = importsOf(text(url));
      for (const spec of [...dynamic, ...(loaded.has(url) ? [] : fixed)]) {
        const target = resolve(url, spec);
        if (loaded.has(target) || extra.has(target)) continue;
        extra.add(target);
        queue.push(target);
      }
    }
    return extra;
  }

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

  const rows: PageWeight[] = [];
  for (const route of Object.values(manifest.routes)) {
    if (route.id === "root") continue;
    const source = sourceOf(route.id);
    if (!source || !/export default/.test(source)) continue; // a resource route: no page
    if (Object.values(manifest.routes).some((child) => child.parentId === route.id && child.index)) continue; // its index child is the page
    const mode: Mode = /\bpage:\s*"document"/.test(source) ? "document" : "app";
    const files = new Set<string>();
    if (mode === "app") {
      for (const url of [manifest.entry.module, ...manifest.entry.imports]) files.add(url);
      const chain: RouteEntry[] = [];
      for (let r: RouteEntry | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) chain.unshift(r);
      for (const r of chain) for (const url of [r.module, ...(r.imports ?? [])]) files.add(url);
    } else {
      for (const file of [scripts.entries.document, ...(scripts.preload.document ?? [])]) files.add(`/page-script/${file}`);
    }
    const later = onDemand(files);
    const bytes = [...files].reduce((sum, url) => sum + gzip(url), 0);
    const laterBytes = [...later].reduce((sum, url) => sum + gzip(url), 0);
    rows.push({ page: urlOf(route.id), id: route.id, kb: kbOf(bytes), allKb: kbOf(bytes + laterBytes), files: files.size, mode });
  }
  return rows.sort((a, b) => b.kb - a.kb);
}
