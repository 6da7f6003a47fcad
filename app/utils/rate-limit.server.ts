import { Redis } from "ioredis";
import { config } from "./config.server";

/**
 * Fixed-window failure counters. With REDIS_URL every instance shares them (one INCR per
 * failure); without Redis they live in this process, which is right for the embedded default.
 */
export interface Limiter {
  /** Failures counted so far in the current window. */
  count(key: string): Promise<number>;
  hit(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function memoryLimiter(windowSeconds: number, now: () => number = Date.now): Limiter {
  const buckets = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const b = buckets.get(key);
    if (b && b.until > now()) return b;
    buckets.delete(key);
    return null;
  };
  return {
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async hit(key) {
      const b = live(key) ?? { count: 0, until: now() + windowSeconds * 1000 };
      b.count += 1;
      buckets.set(key, b);
      return b.count;
    },
    async reset(key) {
      buckets.delete(key);
    },
  };
}

export function redisLimiter(redis: Redis, windowSeconds: number, prefix: string): Limiter {
  return {
    async count(key) {
      return Number((await redis.get(`${prefix}:${key}`)) ?? 0);
    },
    async hit(key) {
      const k = `${prefix}:${key}`;
      const [[, count]] = (await redis.multi().incr(k).expire(k, windowSeconds, "NX").exec()) as [[unknown, number]];
      return count;
    },
    async reset(key) {
      await redis.del(`${prefix}:${key}`);
    },
  };
}

let loginLimiter: Limiter | null = null;
export function getLoginLimiter(): Limiter {
  if (!loginLimiter) {
    loginLimiter = config.redisUrl
      ? redisLimiter(new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }), config.loginWindowSeconds, `${config.queuePrefix}:login-fail`)
      : memoryLimiter(config.loginWindowSeconds);
  }
  return loginLimiter;
}

/**
 * The client's address. remix-serve does not hand the socket address to loaders, so behind the
 * load balancer we trust its X-Forwarded-For only when TRUST_PROXY is set.
 */
export function clientAddress(request: Request): string | null {
  if (process.env.TRUST_PROXY !== "1") return null;
  const forwarded = request.headers.get("x-forwarded-for");
  return forwarded?.split(",")[0]?.trim() || null;
}
