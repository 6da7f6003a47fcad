import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The server's route matching (@remix-run/router, as the server build requires it) keeps a route
// tree's ranked branches and each path's compiled pattern (patches/@remix-run+router+*.patch):
// matching the same tree again must answer exactly as a fresh match does.
const router = createRequire(import.meta.url)("@remix-run/router") as typeof import("@remix-run/router");

type Route = import("@remix-run/router").AgnosticRouteObject;
const tree = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "trekkers", path: "trekkers", children: [{ id: "trekker", path: ":trekkerId" }] },
      { id: "trekkers-export", path: "trekkers/export" },
      { id: "users-kind", path: "users/:kind?/:id" },
      { id: "Case", path: "Exact", caseSensitive: true },
      { id: "files", path: "files/*" },
      { id: "splat", path: "*" },
    ],
  },
];
const ids = (m: ReturnType<typeof router.matchRoutes>) => m?.map((x) => [x.route.id, JSON.stringify(x.params), x.pathnameBase]) ?? null;
const PATHS = [
  "/",
  "/trekkers",
  "/trekkers/",
  "/trekkers/42",
  "/trekkers/export",
  "/users/agency/7",
  "/users/7",
  "/Exact",
  "/exact",
  "/files/a/b.pdf",
  "/nowhere/else",
  "/TREKKERS/5",
];

describe("the patched route matching", () => {
  it("is in the installed package (npm's postinstall applied patches/)", () => {
    const source = createRequire(import.meta.url).resolve("@remix-run/router");
    expect(fs.readFileSync(source, "utf8")).toContain("rankedBranchesOf");
  });

  it("answers a tree matched many times as a fresh tree, for each kind of path", () => {
    const kept = tree();
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) expect(ids(router.matchRoutes(kept, path)), `${path}, round ${round}`).toEqual(ids(router.matchRoutes(tree(), path)));
    }
    expect(ids(router.matchRoutes(kept, "/trekkers/42"))).toEqual([
      ["root", '{"trekkerId":"42"}', "/"],
      ["trekkers", '{"trekkerId":"42"}', "/trekkers"],
      ["trekker", '{"trekkerId":"42"}', "/trekkers/42"],
    ]);
    expect(router.matchRoutes(kept, "/exact")?.at(-1)?.route.id).toBe("splat");
    expect(router.matchPath({ path: "/a/:b", end: false }, "/a/x/y")?.params).toEqual({ b: "x" });
    expect(router.matchPath({ path: "/a/:b", end: true }, "/a/x/y")).toBeNull();
  });
});
