import { createHash } from "node:crypto";
import { Redis } from "ioredis";

/**
 * Counters for throttles (sign-in failures, e-mails sent). Each key counts in a fixed window that
 * starts with its first hit. They live outside the process — in Redis when REDIS_URL is set, else
 * in the database (modules/users/rate-limit-store.server.ts) — so a restart forgets nothing and
 * every instance sees the same counts. Keys are digests: no e-mail address is stored in the clear.
 */
export interface Hit {
  /** Hits in the window, this one included. */
  count: number;
  /** When the hit before this one was made (ms), or null if this one opened the window. */
  previousAt: number | null;
  /** When the window ends (ms). */
  expiresAt: number;
}

export interface Count {
  count: number;
  lastAt: number;
  expiresAt: number;
}

export interface CounterStore {
  /** Counts one under `key`; a new or lapsed key opens a window of `ttlSeconds`. Atomic. */
  hit(key: string, ttlSeconds: number): Promise<Hit>;
  /** Takes one back (a hit that turned out not to count); never below zero, never opens a window. */
  undo(key: string): Promise<void>;
  /** The live count, or null once the window has ended. */
  get(key: string): Promise<Count | null>;
  delete(key: string): Promise<void>;
}

// One round trip, atomic: count, remember when, open the window on the first hit.
const HIT_SCRIPT = `
local previous = redis.call('HGET', KEYS[1], 'last')
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'last', ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then
  previous = false
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return {count, previous or '', redis.call('PTTL', KEYS[1])}
`;

const UNDO_SCRIPT = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
if count > 0 then redis.call('HINCRBY', KEYS[1], 'count', -1) end
return count
`;

export function redisCounterStore(redis: Redis, prefix: string, now: () => number = Date.now): CounterStore {
  const k = (key: string) => `${prefix}:${key}`;
  return {
    async hit(key, ttlSeconds) {
      const at = now();
      const [count, previous, ttl] = (await redis.eval(HIT_SCRIPT, 1, k(key), String(at), String(ttlSeconds * 1000))) as [number, string, number];
      return { count: Number(count), previousAt: previous ? Number(previous) : null, expiresAt: at + Number(ttl) };
    },
    async undo(key) {
      await redis.eval(UNDO_SCRIPT, 1, k(key));
    },
    async get(key) {
      const [[, fields], [, ttl]] = (await redis.multi().hgetall(k(key)).pttl(k(key)).exec()) as [[unknown, Record<string, string>], [unknown, number]];
      if (!fields?.count || Number(ttl) <= 0) return null;
      return { count: Number(fields.count), lastAt: Number(fields.last), expiresAt: now() + Number(ttl) };
    },
    async delete(key) {
      await redis.del(k(key));
    },
  };
}

let sharedRedis: Redis | null = null;
/**
 * The one Redis connection for counters in this process (REDIS_URL). A command that gets no
 * answer within a second fails (a Redis that is down, or hung), and so does one queued while
 * reconnecting once the next try to reconnect fails: a request pays at most a second before
 * its counters fall back to the database (failoverCounterStore).
 */
export function counterRedis(url: string): Redis {
  if (!sharedRedis) {
    sharedRedis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
    // Without a listener ioredis reports each failed reconnect as an unhandled error event; the
    // failover store logs the outage once.
    sharedRedis.on("error", () => undefined);
  }
  return sharedRedis;
}

export interface FailoverOptions {
  /** After a failure of the primary, how long the fallback alone is used before the primary is tried again. */
  retryAfterMs?: number;
  /** Told once per outage, and when the primary answers again. */
  log?: (message: string) => void;
  now?: () => number;
}

/**
 * Counters that degrade instead of failing: `primary` (Redis) while it answers; when a call
 * fails, that call and every call for the next `retryAfterMs` go to `fallback` (the database
 * table the embedded mode uses), then the primary is tried again. A limit still holds during an
 * outage (the database counts from what it had), so sign-in and the e-mail forms keep working
 * instead of answering 500. The two stores do not share counts: a window begun in Redis goes on
 * from zero in the database for the outage, which lets at most one more window's worth through.
 */
export function failoverCounterStore(primary: CounterStore, fallback: CounterStore, opts: FailoverOptions = {}): CounterStore & { degraded(): boolean } {
  const retryAfterMs = opts.retryAfterMs ?? 5000;
  const log = opts.log ?? ((message: string) => console.error(message));
  const now = opts.now ?? Date.now;
  let downUntil = 0;
  let down = false;
  async function call<T>(work: (store: CounterStore) => Promise<T>): Promise<T> {
    if (now() < downUntil) return work(fallback);
    try {
      const result = await work(primary);
      if (down) {
        down = false;
        log("[counters] Redis answers again: throttle counters are back in Redis");
      }
      return result;
    } catch (error) {
      downUntil = now() + retryAfterMs;
      if (!down) {
        down = true;
        log(`[counters] Redis failed (${error instanceof Error ? error.message : String(error)}): throttle counters use the database until it answers again`);
      }
      return work(fallback);
    }
  }
  return {
    hit: (key, ttl) => call((store) => store.hit(key, ttl)),
    undo: (key) => call((store) => store.undo(key)),
    get: (key) => call((store) => store.get(key)),
    delete: (key) => call((store) => store.delete(key)),
    degraded: () => down,
  };
}

/** "45 seconds", "1 minute", "15 minutes": how long to wait, rounded up. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  // Each wording whole: a page reads it back in its language ("{{max}} minutes", lib/i18n/messages.ts).
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** A counter's key: its kind and a digest of what it counts by (e-mail, address), at most 64 characters. */
export function counterKey(kind: string, ...parts: string[]): string {
  return `${kind}:${createHash("sha256").update(parts.join("\n")).digest("hex").slice(0, 40)}`;
}
