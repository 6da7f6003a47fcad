import { matchRoutes, type ClientLoaderFunctionArgs } from "@remix-run/react";

/**
 * The clientLoader of every document page (ADR 0043): reached by the app's client navigation (a
 * link or a redirect from a hydrated page), the page loads as a document instead, so it runs the
 * same way however it is reached. Export it from the route beside `handle.page = "document"`; the
 * architecture test checks the two go together.
 */
export function documentClientLoader({ request }: ClientLoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  // The browser leaves the page; the app waits for nothing meanwhile.
  return new Promise<never>(() => {});
}

/**
 * The server loader of a document page with no data of its own: with a clientLoader and no
 * server loader, Remix would render the route's fallback on the server instead of the page.
 */
export function documentLoader(): null {
  return null;
}

type RemixWindow = {
  __remixRouter?: { routes: Parameters<typeof matchRoutes>[0] };
  __remixManifest?: { routes: Record<string, { hasClientLoader?: boolean }> };
};

/**
 * Whether the app's navigation to `url` ends on a document page (its route has the client loader
 * above; only document pages have one). The root then does not reload its data first: that load
 * would be thrown away by the page load, and with it the toast the next page is to show.
 */
export function leadsToDocument(url: URL): boolean {
  if (typeof window === "undefined") return false;
  const { __remixRouter: router, __remixManifest: manifest } = window as unknown as RemixWindow;
  const matches = router ? matchRoutes(router.routes, url.pathname) : null;
  const leaf = matches?.[matches.length - 1];
  return Boolean(leaf?.route.id && manifest?.routes[leaf.route.id]?.hasClientLoader);
}
