import { redirectDocument } from "@remix-run/node";
import { isDatabaseUnavailable } from "../../db/unavailable.server";
import { ERROR_TEXTS } from "~/components/layout/error-page";

/**
 * With the database down or unreadable a page answers 503 with a page that says so, not a 500
 * (issue 26 item 2). Loaders throw whatever Sequelize threw; Remix hands each error to the
 * server entry's handleError with its request before rendering, so the request is marked there,
 * and the render answers a 503 Response instead (Remix renders it in the root's boundary).
 */
const marked = new WeakSet<Request>();

export const DATABASE_DOWN_MESSAGE = ERROR_TEXTS[503].message;
const RETRY_AFTER_SECONDS = "30";

/** From handleError: remembers that this request met a database that is down. True if it did. */
export function noteDatabaseDown(error: unknown, request: Request | undefined): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  if (request) marked.add(request);
  return true;
}

export function metDatabaseDown(request: Request): boolean {
  return marked.has(request);
}

/** The 503 a page (or a resource route, or an API call) answers while the database is down. */
export function databaseDownResponse(): Response {
  return new Response(DATABASE_DOWN_MESSAGE, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "Retry-After": RETRY_AFTER_SECONDS, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Runs `work`; a database that is down becomes the 503 Response (thrown), anything else goes on as it was. */
export async function orDatabaseDown<T>(request: Request, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (noteDatabaseDown(error, request)) throw databaseDownResponse();
    throw error;
  }
}

/**
 * A client-side navigation (a `.data` request) that met the database down is sent to load the
 * page as a document, which answers the 503 page: the encoded data answer would only show the
 * generic error.
 */
export function databaseDownDocument(request: Request): Response {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  url.searchParams.delete("_routes");
  return redirectDocument(`${url.pathname}${url.search}`);
}
