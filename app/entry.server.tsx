import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { touchSession } from "./utils/guards.server";
import { config } from "./utils/config.server";
import { scheduleCardJobs } from "@modules/cards/sweeper.server";

const ABORT_DELAY = 5_000;

// The daily card sweep: the worker schedules it when jobs run on Redis; otherwise this process
// runs jobs itself and schedules it once at start-up.
if (!config.redisUrl) {
  scheduleCardJobs().catch((error) => console.error("[cards] could not schedule the daily sweep:", error));
}

// Every response passes here, so the idle-timeout clock is refreshed in one place.
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  await touchSession(request, response.headers);
  return response;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  await touchSession(request, responseHeaders);
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  responseHeaders.set("Referrer-Policy", "same-origin");
  responseHeaders.set("X-Frame-Options", "DENY");
  const bot = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
