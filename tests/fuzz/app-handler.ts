// The app's real Remix request handler, in-process: the route tree is read from app/routes by
// Remix's own flat-routes convention (so a new route file is fuzzed without being listed), the
// route modules and app/entry.server.tsx are the source files, and the only thing not real is the
// browser assets manifest (no client build: pages name placeholder script files).
/// <reference types="vite/client" />
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";

const appDir = path.resolve(__dirname, "../../app");
const routeFiles = import.meta.glob(["../../app/routes/*.{ts,tsx}", "!../../app/routes/*.test.{ts,tsx}"]);

export interface RouteInfo {
  id: string;
  parentId: string;
  path?: string;
  index?: boolean;
  file: string;
  module: Record<string, unknown>;
}

export async function loadRoutes(): Promise<RouteInfo[]> {
  const manifest = flatRoutes(appDir, ["**/.*", "**/*.test.{ts,tsx}"]);
  return Promise.all(
    Object.values(manifest).map(async (r) => {
      const load = routeFiles[`../../app/${r.file}`];
      if (!load) throw new Error(`no module for ${r.file}`);
      return { id: r.id, parentId: r.parentId ?? "root", path: r.path, index: r.index, file: r.file, module: (await load()) as Record<string, unknown> };
    }),
  );
}

/** Loads app/entry.server.tsx, which starts the in-process job runner: call it after the migrations. */
export async function appHandler() {
  const rootModule = await import("~/root");
  const entryModule = await import("~/entry.server");
  const routes = await loadRoutes();
  const all = [
    {
      id: "root",
      parentId: undefined as string | undefined,
      path: "",
      index: undefined as boolean | undefined,
      file: "root.tsx",
      module: rootModule as Record<string, unknown>,
    },
    ...routes,
  ];
  const build = {
    mode: "production",
    entry: { module: entryModule },
    routes: Object.fromEntries(
      all.map((r) => [r.id, { id: r.id, parentId: r.parentId, path: r.path, index: r.index, caseSensitive: undefined, module: r.module }]),
    ),
    assets: {
      entry: { imports: [], module: "/build/entry.client.js" },
      url: "/build/manifest.js",
      version: "fuzz",
      routes: Object.fromEntries(
        all.map((r) => [
          r.id,
          {
            id: r.id,
            parentId: r.parentId,
            path: r.path,
            index: r.index,
            module: `/build/${r.id}.js`,
            imports: [],
            hasAction: !!r.module.action,
            hasLoader: !!r.module.loader,
            hasClientAction: false,
            hasClientLoader: false,
            hasErrorBoundary: !!r.module.ErrorBoundary,
          },
        ]),
      ),
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
  const handle = createRequestHandler(build, "production");
  // In its own request scope, as scripts/serve.mjs hands every request to Remix.
  return { routes, handle: (request: Request, clientAddress = "127.0.0.1") => entryModule.inRequestScope(() => handle(request, { clientAddress })) };
}
