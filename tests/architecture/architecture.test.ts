import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { breaches, clientFilesImportingServer, readGraph, type Graph } from "./import-graph";

const root = path.resolve(__dirname, "../..");

describe("the import graph of this tree", () => {
  const graph = readGraph(root);

  it("reads the whole tree", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get("app/root.tsx")?.length).toBeGreaterThan(0);
  });

  it("keeps app → modules → lib, public entries only, and no cycles between modules", () => {
    const found = breaches(graph).map((b) => `${b.rule}: ${b.file} → ${b.target}`);
    expect(found).toEqual([]);
  });
});

describe("what the browser bundle may load", () => {
  it("no file outside app/ that the browser may load imports a *.server file", () => {
    const found = clientFilesImportingServer(readGraph(root, { valueOnly: true })).map((b) => `${b.file} → ${b.target}`);
    expect(found).toEqual([]);
  });

  it("pages import server files outside app/ only through an alias (Remix empties a relative one only inside app/)", () => {
    const offenders: string[] = [];
    for (const [file] of readGraph(root)) {
      if (!file.startsWith("app/") || /\.server\.tsx?$/.test(file)) continue;
      const source = fs.readFileSync(path.join(root, file), "utf8");
      for (const match of source.matchAll(/from\s+["']((?:\.\.\/)+[^"']*\.server)["']/g)) {
        if (!path.resolve(path.dirname(path.join(root, file)), match[1]).startsWith(path.join(root, "app"))) offenders.push(`${file} → ${match[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("catches a deliberate breach, and lets type imports, server files and tests through", () => {
    const g = (entries: Record<string, string[]>): Graph => new Map(Object.entries(entries));
    expect(clientFilesImportingServer(g({ "modules/cards/pdf-jobs.ts": ["modules/cards/pdf.server.ts"] })).map((b) => b.rule)).toEqual(["client-file-imports-server"]);
    expect(clientFilesImportingServer(g({ "modules/cards/a.server.ts": ["modules/cards/pdf.server.ts"], "modules/cards/a.test.ts": ["modules/cards/pdf.server.ts"], "app/routes/x.tsx": ["modules/cards/index.server.ts"] }))).toEqual([]);
  });
});

describe("the rules catch a deliberate breach", () => {
  const g = (entries: Record<string, string[]>): Graph => new Map(Object.entries(entries));
  const rules = (graph: Graph) => breaches(graph).map((b) => b.rule);

  it("a module importing app/", () => {
    expect(rules(g({ "modules/cards/a.ts": ["app/utils/guards.server.ts"] }))).toEqual(["module-imports-app"]);
  });
  it("lib/ importing a module or app/", () => {
    expect(rules(g({ "lib/a.ts": ["modules/users/index.ts", "app/root.tsx"] }))).toEqual(["lib-imports-upward", "lib-imports-upward"]);
  });
  it("a deep import into another module, from a route or a module", () => {
    expect(rules(g({ "app/routes/x.tsx": ["modules/cards/lifecycle.ts"], "modules/payments/a.ts": ["modules/cards/numbers.server.ts"] }))).toEqual(["deep-import", "deep-import"]);
  });
  it("a permission declaration that is not a leaf, or read deeply by anyone but the permission table", () => {
    expect(rules(g({ "modules/cards/permissions.ts": ["modules/contract.ts", "modules/users/index.ts"] }))).toEqual(["permission-declaration-imports"]);
    expect(rules(g({ "app/routes/x.tsx": ["modules/cards/permissions.ts"] }))).toEqual(["deep-import"]);
    expect(rules(g({ "modules/permissions.ts": ["modules/cards/permissions.ts", "modules/users/permissions.ts"], "modules/cards/permissions.ts": ["modules/contract.ts"] }))).toEqual([]);
  });
  it("allows public entries and a module's own files", () => {
    expect(rules(g({ "app/routes/x.tsx": ["modules/cards/index.ts", "modules/cards/index.server.ts"], "modules/cards/a.ts": ["modules/cards/b.ts", "lib/dates.ts"] }))).toEqual([]);
    // Narrow browser entries (ADR 0016) are public; a file merely named like one deeper down is not.
    expect(rules(g({ "app/routes/x.tsx": ["modules/cards/index.lists.ts", "modules/users/index.forms.ts"] }))).toEqual([]);
    expect(rules(g({ "app/routes/x.tsx": ["modules/cards/components/index.ts", "modules/cards/index-lists.ts"] }))).toEqual(["deep-import", "deep-import"]);
  });
  it("a cycle between modules, also through the registry", () => {
    expect(rules(g({ "modules/cards/index.server.ts": ["modules/registration/index.server.ts"], "modules/registration/index.server.ts": ["modules/cards/index.server.ts"] }))).toEqual(["module-cycle"]);
    expect(rules(g({ "modules/registry.server.ts": ["modules/trek-routes/index.server.ts"], "modules/trek-routes/a.server.ts": ["modules/registry.server.ts"], "modules/trek-routes/index.server.ts": ["modules/trek-routes/a.server.ts"] }))).toEqual(["module-cycle"]);
  });
});
