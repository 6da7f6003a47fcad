import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the loaders of one HTTP request share (docs/adr/0048-request-context.md). Remix runs the
 * root loader, the layouts' and the page's in parallel and hands each its own copy of the Request,
 * so a memo keyed on the Request object is not shared between them; the web server
 * (scripts/serve.mjs) therefore runs each request inside `inRequestScope`, and what is read once
 * per request is kept in the scope. Nothing outlives the request.
 */
const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs one request's handling with its own, empty scope. */
export function inRequestScope<T>(handle: () => Promise<T>): Promise<T> {
  return scope.run(new Map(), handle);
}

const perRequestObject = new WeakMap<Request, Map<string, Promise<unknown>>>();

/**
 * `load()` once per request under `key`. Shared by the whole request's scope only when the request
 * reads (GET, HEAD): a GET runs loaders alone, so what they read cannot go stale within it. A
 * write's action may change what was read (sign-out, a switch, a grant), so there the memo is kept
 * per Request object: the action's own, and after it Remix's loaders (which it hands a new GET
 * Request) read afresh. Outside a scope (Vitest calling loaders, `remix dev`) it is per Request too.
 */
export function oncePerRequest<T>(request: Request, key: string, load: () => Promise<T>): Promise<T> {
  const reads = request.method === "GET" || request.method === "HEAD";
  const shared = reads ? scope.getStore() : undefined;
  let memo = shared ?? perRequestObject.get(request);
  if (!memo) perRequestObject.set(request, (memo = new Map()));
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    memo.set(key, value);
  }
  return value;
}
