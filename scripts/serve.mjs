// The web server (`npm run serve`, `npm start`, the e2e servers): what remix-serve does —
// compression, the build's assets and public/ as static files, a request log, Remix — plus what
// has to happen outside Remix:
// - the client's address for per-address limits: the socket's peer, or with TRUST_PROXY=1 the
//   address the one trusted load balancer reported (lib/client-address.server.ts reads it from
//   the load context); never a header the client chose;
// - TRUST_PROXY=1 also makes the request's protocol the proxy's (https), for Secure cookies;
// - a cross-origin write is answered 403 here; Remix itself would throw and answer 500;
// - every response, static files included, carries the baseline security headers;
// - in the embedded mode, a page a browser opens at another loopback name (127.0.0.1 for
//   localhost) is sent to the app's own address, where its cookie and the payment returns belong
//   (never a server-to-server call: the payment adapters' status checks must reach the simulators).
// - each request is handled in its own request scope, which its parallel loaders share (the
//   signed-in user is read once per request, not once per loader: docs/adr/0048-request-context.md);
// - with STATEMENT_TIMING=1 (benches only: it tells the client about the database), each response
//   carries `Server-Timing: app;dur=<ms>, db;dur=<ms>;desc="<n> statements", pool;dur=<ms>`: its
//   handling's time, the SQL it ran, and its waits for a pooled database connection;
// - response bodies are written with back-pressure (the app's sendResponse): Remix's own writer
//   ignores a full socket, so a client that stops reading an export made this process hold the
//   whole CSV (issue 26, item 7).
// The header and origin rules live in the app (app/utils/http-security.server.ts) and reach this
// file through the server build's entry module (docs/adr/0009-http-security-headers.md).
// Usage: node scripts/serve.mjs [build/index.js]
import path from "node:path";
import { performance } from "node:perf_hooks";
import url from "node:url";
// The adapter's request conversion (abort signal on disconnect included); its response writer is
// replaced by the app's sendResponse. Not in the package's index, hence the file (Remix 2.x).
import { createRemixRequest } from "@remix-run/express/dist/server.js";
import { createRequestHandler, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { SERVER_NODE_FLAGS, hasServerNodeFlags } from "./node-flags.mjs";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
if (!hasServerNodeFlags()) {
  console.warn(`[serve] started without ${SERVER_NODE_FLAGS.join(" ")}: large exports will grow this process's memory (scripts/node-flags.mjs)`);
}

const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
const build = await import(url.pathToFileURL(buildPath).href);
installGlobals({ nativeFetch: build.future.v3_singleFetch });
const { baselineHeaders, countStatements, inRequestScope, loopbackRedirect, observeRequests, onDrained, opsEndpoint, originVerdict, sendResponse } =
  build.entry.module;
const statementTiming = process.env.STATEMENT_TIMING === "1";

const app = express();
app.disable("x-powered-by");
// One hop: req.ip is the address our load balancer appended, not one the client put in front.
app.set("trust proxy", process.env.TRUST_PROXY === "1" ? 1 : false);

// The request id, the JSON log line and the request metrics; everything after runs under the id.
app.use(observeRequests);
// /healthz, /readyz and /metrics before anything else: a probe needs no page, session or redirect.
app.use((req, res, next) => {
  const peerAddress = req.socket.remoteAddress ?? null;
  opsEndpoint({ method: req.method, path: req.path, peerAddress, authorization: req.get("authorization") ?? null }).then((answer) => {
    if (!answer) return next();
    res.status(answer.status).set("Cache-Control", "no-store").type(answer.contentType).send(answer.body);
  }, next);
});

app.use((req, res, next) => {
  // Added as the headers go out, unless the app set them already (pages do: the Remix adapter
  // appends, so setting them here first would send each twice).
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    for (const [name, value] of baselineHeaders(req.path)) if (!res.hasHeader(name)) res.setHeader(name, value);
    return writeHead.apply(this, args);
  };
  const canonical = loopbackRedirect(req.method, req.originalUrl, { get: (name) => req.get(name) ?? null });
  if (canonical) {
    res.redirect(302, canonical);
    return;
  }
  const verdict = originVerdict(req.method, req.path, { get: (name) => req.get(name) ?? null });
  if (verdict === "refuse") {
    res.status(403).type("text/plain").set("Cache-Control", "no-store").send("Forbidden: cross-origin request");
    return;
  }
  // A payment provider posting the payer back: Remix's own origin check would refuse it.
  if (verdict === "provider-return") delete req.headers.origin;
  next();
});
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
const handleRequest = createRequestHandler(build, process.env.NODE_ENV);
app.all("*", async (req, res, next) => {
  try {
    const request = createRemixRequest(req, res);
    const context = { clientAddress: req.ip ?? req.socket.remoteAddress ?? null };
    const handle = () => inRequestScope(() => handleRequest(request, context));
    let response;
    if (statementTiming) {
      // app: from Remix taking the request to its response (what the client waited beyond it was
      // this process's event loop and the network); db: the sum of its statements' times.
      const started = performance.now();
      const counted = await countStatements(handle);
      response = counted.result;
      const ms = counted.statements.reduce((sum, s) => sum + s.ms, 0);
      response.headers.append("Server-Timing", `app;dur=${(performance.now() - started).toFixed(1)}`);
      response.headers.append("Server-Timing", `db;dur=${ms.toFixed(1)};desc="${counted.statements.length} statements"`);
      response.headers.append("Server-Timing", `pool;dur=${counted.poolMs.toFixed(1)}`);
    } else response = await handle();
    await sendResponse(res, response);
  } catch (error) {
    next(error);
  }
});

const port = Number(process.env.PORT || 3000);
const onListen = () => console.log(`[tims] http://${process.env.HOST || "localhost"}:${port}`);
const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen);
// SIGTERM: the build's handler turns readiness off, waits SHUTDOWN_DRAIN_SECONDS, then calls this.
onDrained(() => server.close());
