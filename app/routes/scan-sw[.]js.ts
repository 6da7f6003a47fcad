import { serviceWorkerSource } from "@modules/checkins/index.server";

/** The scan page's service worker (scope /scan); the browser checks it for changes at each visit. */
export function loader() {
  return new Response(serviceWorkerSource(), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
