import { describe, it, expect, afterAll, beforeAll } from "vitest";
import crypto from "node:crypto";
import { Redis } from "ioredis";
import { memoryLimiter, redisLimiter } from "./rate-limit.server";

describe("memoryLimiter", () => {
  const clock = () => {
    let t = Date.UTC(2026, 0, 1);
    return { now: () => t, advance: (ms: number) => void (t += ms) };
  };

  it("counts hits per key", async () => {
    const c = clock();
    const limiter = memoryLimiter(60, c.now);
    expect(await limiter.count("a")).toBe(0);
    expect(await limiter.hit("a")).toBe(1);
    expect(await limiter.hit("a")).toBe(2);
    expect(await limiter.hit("b")).toBe(1);
    expect(await limiter.count("a")).toBe(2);
    expect(await limiter.count("b")).toBe(1);
  });

  it("forgets hits once the window has passed, and does not slide the window", async () => {
    const c = clock();
    const limiter = memoryLimiter(60, c.now);
    await limiter.hit("ip");
    c.advance(59_000);
    expect(await limiter.hit("ip")).toBe(2);
    c.advance(999);
    expect(await limiter.count("ip")).toBe(2);
    c.advance(1); // exactly 60 s after the first hit
    expect(await limiter.count("ip")).toBe(0);
    expect(await limiter.hit("ip")).toBe(1);
    c.advance(59_999);
    expect(await limiter.count("ip")).toBe(1);
    c.advance(1);
    expect(await limiter.count("ip")).toBe(0);
  });

  it("reset clears one key only", async () => {
    const c = clock();
    const limiter = memoryLimiter(60, c.now);
    await limiter.hit("a");
    await limiter.hit("a");
    await limiter.hit("b");
    await limiter.reset("a");
    expect(await limiter.count("a")).toBe(0);
    expect(await limiter.count("b")).toBe(1);
    expect(await limiter.hit("a")).toBe(1);
    await limiter.reset("never-seen");
  });

  it("keeps separate limiters separate", async () => {
    const c = clock();
    const one = memoryLimiter(60, c.now);
    const two = memoryLimiter(60, c.now);
    await one.hit("k");
    expect(await two.count("k")).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)("redisLimiter (real Redis)", () => {
  let redis: Redis;
  const prefix = `tims-test-rl-${process.pid}-${crypto.randomBytes(4).toString("hex")}`;

  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL!, { maxRetriesPerRequest: 2 });
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("counts hits per key under its prefix", async () => {
    const limiter = redisLimiter(redis, 60, `${prefix}:a`);
    expect(await limiter.count("x")).toBe(0);
    expect(await limiter.hit("x")).toBe(1);
    expect(await limiter.hit("x")).toBe(2);
    expect(await limiter.hit("y")).toBe(1);
    expect(await limiter.count("x")).toBe(2);
    expect(await redis.get(`${prefix}:a:x`)).toBe("2");
  });

  it("sets the window on the first hit and does not extend it", async () => {
    const limiter = redisLimiter(redis, 60, `${prefix}:b`);
    await limiter.hit("x");
    const ttl1 = await redis.pttl(`${prefix}:b:x`);
    expect(ttl1).toBeGreaterThan(55_000);
    expect(ttl1).toBeLessThanOrEqual(60_000);
    await new Promise((r) => setTimeout(r, 1100));
    await limiter.hit("x");
    const ttl2 = await redis.pttl(`${prefix}:b:x`);
    expect(ttl2).toBeLessThan(ttl1 - 900);
  });

  it("forgets hits once the window has passed", async () => {
    const limiter = redisLimiter(redis, 1, `${prefix}:c`);
    expect(await limiter.hit("x")).toBe(1);
    expect(await limiter.hit("x")).toBe(2);
    await new Promise((r) => setTimeout(r, 1200));
    expect(await limiter.count("x")).toBe(0);
    expect(await limiter.hit("x")).toBe(1);
  });

  it("reset clears one key only", async () => {
    const limiter = redisLimiter(redis, 60, `${prefix}:d`);
    await limiter.hit("x");
    await limiter.hit("y");
    await limiter.reset("x");
    expect(await limiter.count("x")).toBe(0);
    expect(await limiter.count("y")).toBe(1);
  });

  it("shares counts between limiters on the same prefix (like two app instances)", async () => {
    const one = redisLimiter(redis, 60, `${prefix}:e`);
    const two = redisLimiter(redis, 60, `${prefix}:e`);
    await one.hit("ip");
    expect(await two.hit("ip")).toBe(2);
    expect(await one.count("ip")).toBe(2);
  });
});
