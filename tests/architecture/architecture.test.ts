import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { breaches, clientFilesImportingServer, readGraph, type Graph } from "./import-graph";
import { entryBreaches, moduleEntries } from "./entries";

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
      // Tests are never bundled (app/composition/*.test.ts reach db/ as the process entries do).
      if (!file.startsWith("app/") || /\.server\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
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
    expect(rules(g({ "modules/cards/permissions.ts": ["modules/roles.ts", "modules/contract.ts", "modules/users/index.ts"] }))).toEqual(["permission-declaration-imports", "permission-declaration-imports"]);
    expect(rules(g({ "app/routes/x.tsx": ["modules/cards/permissions.ts"] }))).toEqual(["deep-import"]);
    expect(rules(g({ "modules/permissions.ts": ["modules/cards/permissions.ts", "modules/users/permissions.ts"], "modules/cards/permissions.ts": ["modules/roles.ts"] }))).toEqual([]);
  });
  it("allows public entries and a module's own files", () => {
    expect(rules(g({ "app/routes/x.tsx": ["modules/cards/index.ts", "modules/cards/index.server.ts"], "modules/cards/a.ts": ["modules/cards/b.ts", "lib/dates.ts"] }))).toEqual([]);
    // Narrow browser entries (ADR 0016) are public; a file merely named like one deeper down is not.
    expect(rules(g({ "app/routes/x.tsx": ["modules/cards/index.lists.ts", "modules/users/index.forms.ts"] }))).toEqual([]);
    expect(rules(g({ "app/routes/x.tsx": ["modules/cards/components/index.ts", "modules/cards/index-lists.ts"] }))).toEqual(["deep-import", "deep-import"]);
  });
  it("a cycle between modules, also through the composition root", () => {
    expect(rules(g({ "modules/cards/index.server.ts": ["modules/registration/index.server.ts"], "modules/registration/index.server.ts": ["modules/cards/index.server.ts"] }))).toEqual(["module-cycle"]);
    expect(rules(g({ "app/composition.server.ts": ["modules/trek-routes/index.server.ts"], "modules/trek-routes/a.server.ts": ["app/composition.server.ts"], "modules/trek-routes/index.server.ts": ["modules/trek-routes/a.server.ts"] }))).toEqual(["module-imports-app", "module-cycle"]);
  });
  it("db/ or jobs/ importing a module, or app/ other than the composition root from a process entry", () => {
    expect(rules(g({ "jobs/queue.server.ts": ["modules/cards/index.server.ts"], "db/seed.server.ts": ["modules/users/index.server.ts"] }))).toEqual(["infrastructure-imports-module", "infrastructure-imports-module"]);
    expect(rules(g({ "jobs/worker.ts": ["app/composition.server.ts"], "db/cli.ts": ["app/composition.server.ts"], "modules/cards/a.db.test.ts": ["app/composition.server.ts"] }))).toEqual([]);
    expect(rules(g({ "jobs/queue.server.ts": ["app/composition.server.ts"], "jobs/worker.ts": ["app/utils/guards.server.ts"], "modules/cards/a.server.ts": ["app/composition.server.ts"] }))).toEqual(["infrastructure-imports-app", "infrastructure-imports-app", "module-imports-app"]);
  });
});

describe("module entries (ADR 0045)", () => {
  it("at most four per module, or no more than the narrow browser entries ADR 0045 keeps; no export *", () => {
    expect(entryBreaches(moduleEntries(root))).toEqual([]);
  });

  it("catches a fifth entry, a new narrow entry, and export *", () => {
    const entries = (files: Record<string, string>) => new Map(Object.entries(files));
    expect(entryBreaches(entries({ "modules/x/index.ts": "", "modules/x/index.ui.ts": "", "modules/x/index.schemas.ts": "", "modules/x/index.server.ts": "", "modules/x/index.more.ts": "" }))).toEqual(["x: 5 entries (at most 4)"]);
    expect(entryBreaches(entries({ "modules/cards/index.extra.ts": "" }))).toEqual(["cards: index.extra.ts is not one of its entries in ADR 0045"]);
    expect(entryBreaches(entries({ "modules/x/index.server.ts": 'export * from "./index";\n' }))).toEqual(["modules/x/index.server.ts: export * (list the names)"]);
  });
});
