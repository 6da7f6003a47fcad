import path from "node:path";
import { describe, expect, it } from "vitest";
import { breaches, readGraph, type Graph } from "./import-graph";

// What ESLint checks now (eslint.config.js, `boundaries/dependencies`; docs/adr/0044) left this
// test: modules never import app/, lib/ imports only lib/, db/ jobs/ emails/ never import app/,
// another module only through modules/<m>/index*.ts, permission declarations stay leaves, no
// *.server file by value in what the browser loads, app/ reaches server files outside app/ only
// through an alias. tests/architecture/lint.test.ts shows each failing on a breach. What stays
// here is what a per-file lint rule cannot see: cycles between modules.
import { entryBreaches, moduleEntries } from "./entries";

const root = path.resolve(__dirname, "../..");

describe("the import graph of this tree", () => {
  const graph = readGraph(root);

  it("reads the whole tree", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get("app/root.tsx")?.length).toBeGreaterThan(0);
  });

  it("has no cycles between modules", () => {
    const found = breaches(graph).map((b) => `${b.rule}: ${b.file} → ${b.target}`);
    expect(found).toEqual([]);
  });
});

describe("the rules catch a deliberate breach", () => {
  const g = (entries: Record<string, string[]>): Graph => new Map(Object.entries(entries));
  const rules = (graph: Graph) => breaches(graph).map((b) => b.rule);

  it("a cycle between modules, also through the composition root", () => {
    expect(
      rules(
        g({
          "modules/cards/index.server.ts": ["modules/registration/index.server.ts"],
          "modules/registration/index.server.ts": ["modules/cards/index.server.ts"],
        }),
      ),
    ).toEqual(["module-cycle"]);
    expect(
      rules(
        g({
          "app/composition.server.ts": ["modules/trek-routes/index.server.ts"],
          "modules/trek-routes/a.server.ts": ["app/composition.server.ts"],
          "modules/trek-routes/index.server.ts": ["modules/trek-routes/a.server.ts"],
        }),
      ),
    ).toEqual(["module-cycle"]);
  });
});

describe("module entries (ADR 0045)", () => {
  it("at most four per module, each a standard name or the one differently named entry ADR 0045 keeps; no export *", () => {
    expect(entryBreaches(moduleEntries(root))).toEqual([]);
  });

  it("catches a fifth entry, a new narrow entry, and export *", () => {
    const entries = (files: Record<string, string>) => new Map(Object.entries(files));
    expect(
      entryBreaches(
        entries({
          "modules/x/index.ts": "",
          "modules/x/index.ui.ts": "",
          "modules/x/index.schemas.ts": "",
          "modules/x/index.server.ts": "",
          "modules/x/index.more.ts": "",
        }),
      ),
    ).toEqual(["x: 5 entries (at most 4)", "x: index.more.ts is not one of its entries in ADR 0045"]);
    // A module with a differently named entry is still held to four.
    const cards = ["index.ts", "index.ui.ts", "index.schemas.ts", "index.server.ts", "index.card.ts"].map((f) => [`modules/cards/${f}`, ""]);
    expect(entryBreaches(new Map(cards as [string, string][]))).toEqual(["cards: 5 entries (at most 4)"]);
    expect(entryBreaches(entries({ "modules/cards/index.extra.ts": "" }))).toEqual(["cards: index.extra.ts is not one of its entries in ADR 0045"]);
    expect(entryBreaches(entries({ "modules/x/index.server.ts": 'export * from "./index";\n' }))).toEqual([
      "modules/x/index.server.ts: export * (list the names)",
    ]);
  });
});
