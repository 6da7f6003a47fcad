import fs from "node:fs";
import path from "node:path";

/**
 * The project's import graph and the layering rules it must keep (docs/adr/0001):
 * app → modules → lib, modules only through their public entries, no cycles between modules.
 * Pure over a file → imports map so the rules can be tested on a deliberate breach.
 */

export type Graph = Map<string, string[]>; // repo-relative file → repo-relative files it imports

const ALIASES: Record<string, string> = { "~/": "app/", "@modules/": "modules/", "@lib/": "lib/" };
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];
const SOURCE_DIRS = ["app", "lib", "modules", "db", "jobs", "emails", "tests", "bench"];
// Static imports, re-exports and dynamic imports.
const SPECIFIER = /(?:^|\s)(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm;

function walk(dir: string, out: string[]) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(full, out);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
}

function resolve(root: string, fromFile: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith(".")) base = path.resolve(path.dirname(fromFile), spec);
  else {
    const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
    if (!alias) return null; // a package
    base = path.join(root, ALIASES[alias] + spec.slice(alias.length));
  }
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return path.relative(root, candidate);
  }
  return null;
}

/** Value imports only (`import type` erased): what a bundler actually follows. */
const VALUE_SPECIFIER = /(?:^|\s)(?:import|export)\s(?!type\s)[^"';]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm;

export function readGraph(root: string, options: { valueOnly?: boolean } = {}): Graph {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir), files);
  const graph: Graph = new Map();
  for (const file of files) {
    const source = fs.readFileSync(file, "utf8");
    const targets = new Set<string>();
    for (const match of source.matchAll(options.valueOnly ? VALUE_SPECIFIER : SPECIFIER)) {
      const spec = match[1] ?? match[2] ?? match[3];
      const target = spec && resolve(root, file, spec);
      if (target) targets.add(target);
    }
    graph.set(path.relative(root, file), [...targets]);
  }
  return graph;
}

/** "modules/cards/x.ts" → "cards"; the shared files beside the modules (contract.ts, roles.ts, permissions.ts) → null. */
export function moduleOf(file: string): string | null {
  const parts = file.split("/");
  return parts[0] === "modules" && parts.length > 2 ? parts[1] : null;
}

/**
 * A module's public entries (ADR 0045): index.ts (light, browser-safe), index.server.ts,
 * index.schemas.ts (loaded by pages only dynamically, ADR 0014), index.ui.ts (components and lists
 * for pages) and, in the modules listed in ADR 0045, narrow browser entries index.<part>.ts that
 * each re-export one piece of UI, so a page loads only the parts it imports (ADR 0016).
 */
const isPublicEntry = (fileInModule: string) => /^index(\.[a-z][a-z-]*)?\.ts$/.test(fileInModule);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/**
 * A module's permission declaration (modules/<m>/permissions.ts). The shared table
 * (modules/permissions.ts) assembles them, so it may import them directly; they must stay leaves
 * (importing only the user types, modules/roles.ts) so no cycle can pass through the table.
 */
const isPermissionDeclaration = (file: string) => /^modules\/[^/]+\/permissions\.ts$/.test(file);
const PERMISSION_TABLE = "modules/permissions.ts";
/**
 * The composition root (ADR 0045): it lists the modules and hands db/ and jobs/ their migrations,
 * seeds and jobs. The app and the process entries import it; tests may (they start their own process).
 */
export const COMPOSITION_ROOT = "app/composition.server.ts";
/** Files that start a process outside Remix: they may import the composition root, nothing else in app/. */
const PROCESS_ENTRIES = new Set(["jobs/worker.ts", "db/cli.ts"]);

export interface Breach {
  rule: "module-imports-app" | "lib-imports-upward" | "deep-import" | "module-cycle" | "infrastructure-imports-app" | "infrastructure-imports-module" | "permission-declaration-imports" | "client-file-imports-server";
  file: string;
  target: string;
}

export function breaches(graph: Graph): Breach[] {
  const found: Breach[] = [];
  for (const [file, targets] of graph) {
    const layer = file.split("/")[0];
    const own = moduleOf(file);
    for (const target of targets) {
      const targetLayer = target.split("/")[0];
      const readsComposition = target === COMPOSITION_ROOT && (isTest(file) || PROCESS_ENTRIES.has(file));
      if (layer === "modules" && targetLayer === "app" && !readsComposition) found.push({ rule: "module-imports-app", file, target });
      if (layer === "lib" && targetLayer !== "lib") found.push({ rule: "lib-imports-upward", file, target });
      if (["db", "jobs", "emails"].includes(layer) && targetLayer === "app" && !readsComposition) found.push({ rule: "infrastructure-imports-app", file, target });
      // db/ and jobs/ get what they run from the composition root at start-up (ADR 0045).
      if (["db", "jobs"].includes(layer) && targetLayer === "modules") found.push({ rule: "infrastructure-imports-module", file, target });
      if (isPermissionDeclaration(file) && !isTest(file) && target !== "modules/roles.ts") {
        found.push({ rule: "permission-declaration-imports", file, target });
      }
      const targetModule = moduleOf(target);
      const tableReadsDeclaration = file === PERMISSION_TABLE && isPermissionDeclaration(target);
      // A module's own tests may reach inside it; nobody else may.
      if (targetModule && targetModule !== own && !tableReadsDeclaration && !isPublicEntry(target.split("/").slice(2).join("/"))) {
        found.push({ rule: "deep-import", file, target });
      }
    }
  }
  for (const cycle of moduleCycles(graph)) found.push({ rule: "module-cycle", file: cycle.join(" → "), target: "(cycle)" });
  return found;
}

/**
 * Cycles between modules (and the composition root, which reads them all), test files left out.
 * dependency-cruiser (`npm run cycles`) checks file-level cycles, type imports included.
 */
export function moduleCycles(graph: Graph): string[][] {
  const node = (file: string) => moduleOf(file) ?? (file === COMPOSITION_ROOT ? "composition" : null);
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = node(file);
    if (!from || isTest(file)) continue;
    for (const target of targets) {
      const to = node(target);
      if (to && to !== from) {
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from)!.add(to);
      }
    }
  }
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (n: string) => {
    state.set(n, "open");
    stack.push(n);
    for (const next of edges.get(n) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(n, "done");
  };
  for (const n of [...edges.keys()].sort()) if (!state.has(n)) visit(n);
  return cycles;
}

/**
 * Remix's browser build replaces `*.server` files with empty modules only when they are imported
 * from inside app/. A file outside app/ that the browser may load (not *.server, not a test) must
 * therefore never import a *.server file, or the server code (Sequelize, Bull…) lands in the
 * browser bundle and the build fails. `graph` must be a value-import graph.
 */
export function clientFilesImportingServer(graph: Graph): Breach[] {
  const isServer = (file: string) => /\.server\.tsx?$/.test(file);
  const isTestCode = (file: string) => isTest(file) || /(^|\/)test-helpers\.ts$/.test(file) || /^(tests|bench)\//.test(file);
  const found: Breach[] = [];
  for (const [file, targets] of graph) {
    // Only modules/ and lib/ hold code pages import; db/, jobs/ and emails/ are server entry points.
    if (!/^(modules|lib)\//.test(file) || isServer(file) || isTestCode(file)) continue;
    for (const target of targets) if (isServer(target)) found.push({ rule: "client-file-imports-server", file, target });
  }
  return found;
}
