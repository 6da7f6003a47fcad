import type { ClientLoaderFunctionArgs } from "@remix-run/react";

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
