import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";

/**
 * The id that ties a request's log lines, its response (`X-Request-Id`), its error page and the
 * jobs it queued together. A load balancer's id is kept when it looks like one (letters, digits
 * and `-_.:`, at most 100): anything else a client sent could forge or flood the logs, and gets a
 * fresh id instead.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,100}$/;

export function requestIdFrom(incoming: string | null | undefined): string {
  const value = incoming?.trim();
  return value && WELL_FORMED.test(value) ? value : crypto.randomUUID();
}

const current = new AsyncLocalStorage<string>();

/** Runs `work` (and everything it starts, timers and promises included) under `id`. */
export function withRequestId<T>(id: string, work: () => T): T {
  return current.run(id, work);
}

/** The id of the request (or job) this code runs for; undefined outside one. */
export function currentRequestId(): string | undefined {
  return current.getStore();
}
