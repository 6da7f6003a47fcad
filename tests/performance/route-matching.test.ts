import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The server's route matching (@remix-run/router, as the server build requires it) keeps a route
// tree's ranked branches, each path's compiled pattern and each path's matches
// (patches/@remix-run+router+*.patch), and the render keeps its routes and data routes
// (patches/@remix-run+react+*.patch, patches/react-router-dom+*.patch): matching the same tree
// again must answer exactly as a fresh match does, and no caller may change another's answer.
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
  it("is in the installed packages (npm's postinstall applied patches/)", () => {
    const require = createRequire(import.meta.url);
    expect(fs.readFileSync(require.resolve("@remix-run/router"), "utf8")).toContain("matchResultsCache");
    expect(fs.readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8")).toContain("serverRoutesOf");
    expect(fs.readFileSync(require.resolve("react-router-dom/server.js"), "utf8")).toContain("dataRoutesOf");
  });

  it("gives each caller its own matches: params changed by one are not seen by the next", () => {
    const kept = tree();
    const first = router.matchRoutes(kept, "/trekkers/42")!;
    (first[2].params as Record<string, string>).trekkerId = "changed";
    first.pop();
    const again = router.matchRoutes(kept, "/trekkers/42")!;
    expect(again).toHaveLength(3);
    expect(again[2].params).toEqual({ trekkerId: "42" });
    // The same route objects as the tree's, not copies of them.
    expect(again[2].route).toBe(kept[0].children![1].children![0]);
  });

  it("matches under a basename as a fresh tree does, and a path outside it not at all", () => {
    const kept = tree();
    for (const path of ["/app/trekkers/42", "/app", "/trekkers/42"])
      for (let round = 0; round < 2; round++) expect(ids(router.matchRoutes(kept, path, "/app")), path).toEqual(ids(router.matchRoutes(tree(), path, "/app")));
    expect(router.matchRoutes(kept, "/trekkers/42", "/app")).toBeNull();
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

  it("keeps a static router's data routes per routes array, and makes new ones for a new array", async () => {
    const { createStaticRouter } = (await import("react-router-dom/server.js")) as typeof import("react-router-dom/server");
    const routes = [{ id: "root", path: "/", children: [{ id: "child", path: "child" }] }];
    const context = {
      basename: "/",
      location: { pathname: "/child", search: "", hash: "", state: null, key: "default" },
      matches: [],
      loaderData: {},
      actionData: null,
      errors: null,
      statusCode: 200,
      loaderHeaders: {},
      actionHeaders: {},
      activeDeferreds: null,
    } as never;
    const a = createStaticRouter(routes, context);
    const b = createStaticRouter(routes, context);
    expect(b.routes).toBe(a.routes);
    expect(createStaticRouter([...routes], context).routes).not.toBe(a.routes);
    expect(a.routes[0].children![0].id).toBe("child");
  });
});
