import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { getOptionalUser, touchSession } from "./utils/guards.server";
import { baselineHeaders, contentSecurityPolicy, createNonce } from "./utils/http-security.server";
import { NonceContext } from "./components/nonce";
import { config } from "@lib/config.server";
import { setBsWriter } from "@lib/dates";
import { bsCellNepali, bsDateNepali } from "@lib/nepali-calendar/compact";
import { startJobs } from "../jobs/queue.server";
import { composeApp } from "./composition.server";
import { exitOnBadConfiguration, exitPromptlyOnSignals } from "./utils/startup.server";
import { databaseDownDocument, databaseDownResponse, metDatabaseDown, noteDatabaseDown, orDatabaseDown } from "./utils/database-down.server";
import { CleanHtmlStream } from "./utils/clean-html-stream.server";
import { requestLanguage } from "./utils/language.server";
import { serverTranslator } from "@lib/i18n/i18n.server";
import { I18nProvider } from "@lib/i18n/context";
import { DEFAULT_LANGUAGE } from "@lib/i18n/languages";
import { loggerFor } from "@lib/observability/logger.server";
import { currentRequestId } from "@lib/observability/request-id.server";
import { RequestIdContext } from "./components/request-id";

// Nepali pages write BS dates (lib/dates.ts); the browser loads the same table (entry.client.tsx).
setBsWriter(bsDateNepali, bsCellNepali);

// scripts/serve.mjs reads these from the server build and applies them to every request.
export { baselineHeaders, loopbackRedirect, originVerdict } from "./utils/http-security.server";
export { sendResponse } from "@lib/send-response.server";
export { inRequestScope } from "@lib/request-scope.server";
export { countStatements } from "../db/statements.server";
export { observeRequests, opsEndpoint } from "./utils/operations.server";
export { onDrained } from "./utils/startup.server";

const ABORT_DELAY = 5_000;
const log = loggerFor("remix");

// Runs when the server loads the build: a deployment missing a setting stops here, by name.
exitOnBadConfiguration();
exitPromptlyOnSignals();
// The web server is a process entry: it hands db/ and jobs/ the modules' migrations, seeds and jobs (ADR 0045).
composeApp();

// Without Redis this process runs the jobs (and the schedules: daily sweep, payment
// reconciliation) itself, starting with what a previous process left in the jobs table; with
// Redis the worker does.
if (!config.redisUrl) {
  startJobs().catch((error) => log.error({ err: error }, "could not start the job runner"));
}

/** What a signed-in user sees is theirs alone: neither the browser nor a proxy keeps a copy. */
async function noStoreWhenSignedIn(request: Request, headers: Headers): Promise<void> {
  if (await getOptionalUser(request)) headers.set("Cache-Control", "no-store");
}

// Remix's own logging, except that a database that is down is one line, not a stack per loader,
// and marks the request so that its page answers 503 (app/utils/database-down.server.ts).
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (noteDatabaseDown(error, request)) {
    log.error(
      { method: request.method, path: new URL(request.url).pathname, reason: error instanceof Error ? error.message : String(error) },
      "the database is unavailable",
    );
    return;
  }
  log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "request failed");
};

// Every response passes here, so the idle-timeout clock is refreshed in one place.
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  if (!metDatabaseDown(request)) {
    try {
      await touchSession(request, response.headers);
      await noStoreWhenSignedIn(request, response.headers);
      return response;
    } catch (error) {
      if (!noteDatabaseDown(error, request)) throw error;
    }
  }
  // A navigation in the browser: load the page as a document, which answers the 503 page.
  return databaseDownDocument(request);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // A loader met the database down: Remix renders again with this 503 in the root's boundary
  // (that second render comes here with the 503 and skips the session, which needs the database).
  if (responseStatusCode !== 503) {
    if (metDatabaseDown(request)) throw databaseDownResponse();
    await orDatabaseDown(request, async () => {
      await touchSession(request, responseHeaders);
      await noStoreWhenSignedIn(request, responseHeaders);
    });
  } else responseHeaders.set("Retry-After", "30");
  for (const [name, value] of baselineHeaders(new URL(request.url).pathname)) responseHeaders.set(name, value);
  // One nonce per page: Remix's inline scripts carry it, and nothing else inline may run.
  const nonce = createNonce();
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  // The page's words in the request's language; with the database down (the user's setting
  // unreadable) the 503 page is in English.
  const translator = serverTranslator(responseStatusCode === 503 ? DEFAULT_LANGUAGE : await requestLanguage(request).catch(() => DEFAULT_LANGUAGE));
  const bot = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RequestIdContext.Provider value={currentRequestId()}>
          <I18nProvider value={translator}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </I18nProvider>
        </RequestIdContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // Not a plain PassThrough: React 18.3 pads some chunks with NUL bytes (see the class).
          const body = new CleanHtmlStream();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
