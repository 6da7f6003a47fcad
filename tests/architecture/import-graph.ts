import fs from "node:fs";
import path from "node:path";

/**
 * The project's import graph and the one layering rule a lint rule cannot express (docs/adr/0001):
 * no cycles between modules. Pure over a file → imports map so it can be tested on a deliberate
 * breach. The per-import rules (app → modules → lib, modules only through their public entries
 * modules/<m>/index*.ts, permission declarations as leaves, no *.server file in what the browser
 * loads) are ESLint's `boundaries/dependencies` now: eslint.config.js, docs/adr/0044.
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

export function readGraph(root: string): Graph {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir), files);
  const graph: Graph = new Map();
  for (const file of files) {
    const source = fs.readFileSync(file, "utf8");
    const targets = new Set<string>();
    for (const match of source.matchAll(SPECIFIER)) {
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

/** The composition root (ADR 0045): it lists the modules; dependency-cruiser checks who imports it. */
export const COMPOSITION_ROOT = "app/composition.server.ts";
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

export interface Breach {
  rule: "module-cycle";
  file: string;
  target: string;
}

export function breaches(graph: Graph): Breach[] {
  return moduleCycles(graph).map((cycle) => ({ rule: "module-cycle", file: cycle.join(" → "), target: "(cycle)" }));
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
