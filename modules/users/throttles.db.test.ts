// Throttle counters and policies on every store they can live in: the database (SQLite here, and
// MariaDB in the "mariadb" project) and Redis when TEST_REDIS_URL is set. A "restart" is a new
// store instance (a new Redis connection; for the database, a store with nothing in memory).
import crypto from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counterKey, redisCounterStore, type CounterStore } from "@lib/rate-limit.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { RateLimitCounter } from "./models/rate-limit-counter.server";
import { sqlCounterStore } from "./rate-limit-store.server";
import { createUser, LoginError, verifyLogin } from "./service.server";
import { TooManyEmailsError, TooManySignInsError, mailThrottle, signInDelayMs, signInThrottle, type SignInLimits } from "./throttles.server";

const PASSWORD = "Valid#Pass1";
const LIMITS: SignInLimits = { perAddress: 20, windowSeconds: 900, freeFailures: 5, firstDelaySeconds: 1, maxDelaySeconds: 900, pairWindowSeconds: 86_400 };

/** A clock the test moves; Redis still expires keys in real time, so windows there are long. */
function clock() {
  let t = Date.now();
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

let seq = 0;
const email = (tag: string) => `${tag}.${process.pid}.${++seq}.${crypto.randomBytes(2).toString("hex")}@throttle.test`;

interface StoreKind {
  name: string;
  make(now?: () => number): CounterStore;
  /** Expiry in real time (Redis) rather than on the test's clock. */
  realTime: boolean;
}

const redisConnections: Redis[] = [];
const redisPrefix = `tims-test-rl-${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
const kinds: StoreKind[] = [{ name: "database", make: (now) => sqlCounterStore(now), realTime: false }];
if (process.env.TEST_REDIS_URL) {
  kinds.push({
    name: "redis",
    make: (now) => {
      // A new connection per store, as a restarted or second instance would have.
      const redis = new Redis(process.env.TEST_REDIS_URL!, { maxRetriesPerRequest: 2 });
      redisConnections.push(redis);
      return redisCounterStore(redis, redisPrefix, now);
    },
    realTime: true,
  });
}

beforeAll(async () => {
  await prepareTestDatabase();
});

afterAll(async () => {
  if (redisConnections.length) {
    const keys = await redisConnections[0].keys(`${redisPrefix}*`);
    if (keys.length) await redisConnections[0].del(...keys);
  }
  await Promise.all(redisConnections.map((r) => r.quit()));
});

/** Signs in as the app does (app/utils/auth.server.ts): throttle first, then the password. */
async function attempt(throttle: ReturnType<typeof signInThrottle>, mail: string, password: string, address: string): Promise<"ok" | "invalid" | 429> {
  try {
    const ticket = await throttle.begin(mail, address);
    try {
      await verifyLogin(mail, password);
      await ticket.passed();
      return "ok";
    } catch (error) {
      if (error instanceof LoginError && error.code === "invalid") return "invalid";
      throw error;
    }
  } catch (error) {
    if (error instanceof TooManySignInsError) return 429;
    throw error;
  }
}

describe.each(kinds)("counter store: $name", (kind) => {
  it("counts per key, remembers the previous hit and ends the window after its time", async () => {
    const c = clock();
    const store = kind.make(c.now);
    const key = counterKey("test", email("k"));
    const first = await store.hit(key, kind.realTime ? 1 : 60);
    expect(first).toMatchObject({ count: 1, previousAt: null });
    const t1 = c.now();
    c.advance(5_000);
    const second = await store.hit(key, 60);
    expect(second.count).toBe(2);
    expect(second.previousAt).toBe(t1);
    expect(await store.get(key)).toMatchObject({ count: 2, lastAt: t1 + 5_000 });
    expect(await store.get(counterKey("test", "never"))).toBeNull();
    if (kind.realTime) await new Promise((r) => setTimeout(r, 1_100));
    else c.advance(60_000);
    expect(await store.get(key)).toBeNull();
    expect(await store.hit(key, 60)).toMatchObject({ count: 1, previousAt: null });
  });

  it("undo takes one back but never below zero; delete forgets the key", async () => {
    const store = kind.make();
    const key = counterKey("test", email("u"));
    await store.hit(key, 60);
    await store.hit(key, 60);
    await store.undo(key);
    expect((await store.get(key))!.count).toBe(1);
    await store.undo(key);
    await store.undo(key);
    expect((await store.get(key))!.count).toBe(0);
    await store.undo(counterKey("test", "never"));
    expect(await store.get(counterKey("test", "never"))).toBeNull();
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });

  it("counts every one of many hits made at once (atomic), as two instances would", async () => {
    const one = kind.make();
    const two = kind.make();
    const key = counterKey("test", email("burst"));
    const counts = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? one : two).hit(key, 60)));
    expect(counts.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect((await two.get(key))!.count).toBe(30);
  });

  it("keeps its counts across a restart (a new store instance)", async () => {
    const key = counterKey("test", email("restart"));
    const before = kind.make();
    await before.hit(key, 60);
    await before.hit(key, 60);
    const after = kind.make();
    expect((await after.get(key))!.count).toBe(2);
    expect((await after.hit(key, 60)).count).toBe(3);
  });
});

describe.each(kinds)("sign-in throttle on the $name store", (kind) => {
  it("refuses spraying: 25 e-mails with one failure each from one address, and then even a right password from it", async () => {
    const store = kind.make();
    const throttle = signInThrottle(store, LIMITS);
    const address = `198.51.100.${++seq % 250}`;
    const owner = await createUser({ userType: 1, email: email("sprayed"), password: PASSWORD, fullName: "Sprayed Owner", emailVerified: true });
    const results = [];
    for (let i = 0; i < 25; i++) results.push(await attempt(throttle, email(`spray${i}`), "Spring2026!", address));
    expect(results.slice(0, 20)).toEqual(Array(20).fill("invalid"));
    expect(results.slice(20)).toEqual(Array(5).fill(429));
    expect(await attempt(throttle, owner.email, PASSWORD, address)).toBe(429);
    // Another address is not affected.
    expect(await attempt(throttle, owner.email, PASSWORD, "198.51.100.251")).toBe("ok");
  });

  it("an attacker failing 10 times on a victim's account from address A does not stop the victim from address B", async () => {
    const store = kind.make();
    const throttle = signInThrottle(store, LIMITS);
    const victim = await createUser({ userType: 1, email: email("victim"), password: PASSWORD, fullName: "Victim", emailVerified: true });
    const results = [];
    for (let i = 0; i < 10; i++) results.push(await attempt(throttle, victim.email, `guess-${i}`, "203.0.113.66"));
    expect(results.slice(0, 5)).toEqual(Array(5).fill("invalid"));
    expect(results.slice(5)).toEqual(Array(5).fill(429));
    // From A even the right password waits now; from B the victim signs in at once.
    expect(await attempt(throttle, victim.email, PASSWORD, "203.0.113.66")).toBe(429);
    expect(await attempt(throttle, victim.email, PASSWORD, "192.0.2.10")).toBe("ok");
  });

  it("makes one account and address wait longer after each failure, and a right password ends the wait", async () => {
    const c = clock();
    const throttle = signInThrottle(kind.make(c.now), LIMITS, c.now);
    const user = await createUser({ userType: 1, email: email("slow"), password: PASSWORD, fullName: "Slow Typist", emailVerified: true });
    const address = "203.0.113.77";
    for (let i = 0; i < 5; i++) expect(await attempt(throttle, user.email, "wrong", address)).toBe("invalid");
    // After 5 failures each try waits 1 s, 2 s, 4 s, … after the one before, up to the window (15 min).
    expect([4, 5, 6, 7, 8, 9, 30].map((n) => signInDelayMs(n, LIMITS))).toEqual([0, 1_000, 2_000, 4_000, 8_000, 16_000, 900_000]);
    // A try within its wait is refused and counts as a failure: the next wait starts from it.
    c.advance(999);
    expect(await attempt(throttle, user.email, PASSWORD, address)).toBe(429);
    c.advance(2_000);
    expect(await attempt(throttle, user.email, "wrong", address)).toBe("invalid");
    c.advance(3_999);
    expect(await attempt(throttle, user.email, "wrong", address)).toBe(429);
    c.advance(7_999);
    expect(await attempt(throttle, user.email, PASSWORD, address)).toBe(429);
    c.advance(16_000);
    expect(await attempt(throttle, user.email, PASSWORD, address)).toBe("ok");
    // The slate is clean again: five free failures.
    for (let i = 0; i < 5; i++) expect(await attempt(throttle, user.email, "wrong", address)).toBe("invalid");
  });

  it("the wait survives a restart: a new limiter on a new store instance still refuses", async () => {
    const victim = await createUser({ userType: 1, email: email("restart"), password: PASSWORD, fullName: "Restart", emailVerified: true });
    const before = signInThrottle(kind.make(), LIMITS);
    for (let i = 0; i < 7; i++) await attempt(before, victim.email, "wrong", "203.0.113.88");
    const after = signInThrottle(kind.make(), LIMITS);
    expect(await attempt(after, victim.email, PASSWORD, "203.0.113.88")).toBe(429);
  });

  it("says how long to wait", async () => {
    const throttle = signInThrottle(kind.make(), LIMITS);
    const mail = email("message");
    for (let i = 0; i < 6; i++) await throttle.begin(mail, "203.0.113.99").catch(() => {});
    const refused = await throttle.begin(mail, "203.0.113.99").catch((e) => e);
    expect(refused).toBeInstanceOf(TooManySignInsError);
    expect(refused.status).toBe(429);
    expect(refused.message).toBe("Too many failed sign-in attempts. Please wait 4 seconds and try again.");
  });
});

describe.each(kinds)("mail throttle on the $name store", (kind) => {
  const limits = { perAddress: 6, perRecipient: 3, windowSeconds: 3600 };

  it("refuses a recipient's fourth e-mail in the window, from any address, with 429 and a clear message", async () => {
    const throttle = mailThrottle(kind.make(), limits);
    const to = email("inbox");
    await throttle.take(to, "192.0.2.1");
    await throttle.take(to.toUpperCase(), "192.0.2.2");
    await throttle.take(to, "192.0.2.3");
    const refused = await throttle.take(to, "192.0.2.4").catch((e) => e);
    expect(refused).toBeInstanceOf(TooManyEmailsError);
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/^Too many e-mails have been requested\. Please wait (59|60) minutes and try again\.$/);
    await expect(throttle.take(email("other"), "192.0.2.4")).resolves.toBeUndefined();
  });

  it("refuses an address's seventh request whatever the recipients, without using up their allowance", async () => {
    const throttle = mailThrottle(kind.make(), limits);
    const address = `192.0.2.${100 + (++seq % 100)}`;
    for (let i = 0; i < 6; i++) await throttle.take(email(`many${i}`), address);
    const victim = email("victim");
    await expect(throttle.take(victim, address)).rejects.toBeInstanceOf(TooManyEmailsError);
    await expect(throttle.take(victim, address)).rejects.toBeInstanceOf(TooManyEmailsError);
    // The refused requests did not count against the victim: three still go from elsewhere.
    for (let i = 0; i < 3; i++) await throttle.take(victim, `198.18.0.${i}`);
    await expect(throttle.take(victim, "198.18.0.9")).rejects.toBeInstanceOf(TooManyEmailsError);
  });
});

describe("database counters", () => {
  it("store no e-mail address or client address in the clear", async () => {
    const mail = email("private");
    await signInThrottle(sqlCounterStore(), LIMITS).begin(mail, "203.0.113.5");
    const names = (await RateLimitCounter.findAll()).map((r) => r.name).join(" ");
    expect(names).not.toContain(mail);
    expect(names).not.toContain("203.0.113.5");
    expect(names).toContain(counterKey("signin-pair", mail, "203.0.113.5"));
  });
});
