import { describe, expect, it } from "vitest";
import { counterKey, failoverCounterStore, waitText, type CounterStore } from "@lib/rate-limit.server";

// The stores themselves (Redis and the database) are tested in modules/users/throttles.db.test.ts.
describe("waitText", () => {
  it("rounds up to whole seconds under a minute and to whole minutes above", () => {
    expect(waitText(0)).toBe("1 second");
    expect(waitText(1)).toBe("1 second");
    expect(waitText(1_001)).toBe("2 seconds");
    expect(waitText(59_000)).toBe("59 seconds");
    expect(waitText(60_000)).toBe("1 minute");
    expect(waitText(60_001)).toBe("2 minutes");
    expect(waitText(15 * 60_000)).toBe("15 minutes");
  });
});

describe("counterKey", () => {
  it("is short, stable, keeps the kind readable and the parts hidden", () => {
    const key = counterKey("signin-pair", "anna@example.com", "203.0.113.5");
    expect(key).toMatch(/^signin-pair:[0-9a-f]{40}$/);
    expect(key).toBe(counterKey("signin-pair", "anna@example.com", "203.0.113.5"));
    expect(key).not.toBe(counterKey("signin-pair", "anna@example.com", "203.0.113.6"));
    expect(key).not.toBe(counterKey("signin-address", "anna@example.com", "203.0.113.5"));
    // Parts are joined unambiguously: ("a", "bc") is not ("ab", "c").
    expect(counterKey("k", "a", "bc")).not.toBe(counterKey("k", "ab", "c"));
    expect(counterKey("mail-recipient", "x".repeat(300)).length).toBeLessThanOrEqual(64);
  });
});

describe("failoverCounterStore", () => {
  const memory = (): CounterStore & { keys: Map<string, number> } => {
    const keys = new Map<string, number>();
    return {
      keys,
      async hit(key) {
        keys.set(key, (keys.get(key) ?? 0) + 1);
        return { count: keys.get(key)!, previousAt: null, expiresAt: 0 };
      },
      async undo() {},
      async get(key) {
        return keys.has(key) ? { count: keys.get(key)!, lastAt: 0, expiresAt: 0 } : null;
      },
      async delete(key) {
        keys.delete(key);
      },
    };
  };

  it("uses the fallback while the primary fails, and the primary again after the pause", async () => {
    let up = true;
    const real = memory();
    const primary: CounterStore = { ...real, hit: (k, t) => (up ? real.hit(k, t) : Promise.reject(new Error("ECONNREFUSED"))) };
    const fallback = memory();
    const logs: string[] = [];
    let now = 0;
    const store = failoverCounterStore(primary, fallback, { retryAfterMs: 5000, log: (m) => logs.push(m), now: () => now });
    expect((await store.hit("a", 60)).count).toBe(1);
    up = false;
    expect((await store.hit("a", 60)).count).toBe(1); // counted in the fallback
    expect(store.degraded()).toBe(true);
    up = true;
    now = 4000;
    expect((await store.hit("a", 60)).count).toBe(2); // still the fallback within the pause
    now = 5001;
    expect((await store.hit("a", 60)).count).toBe(2); // the primary again
    expect(store.degraded()).toBe(false);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toContain("ECONNREFUSED");
  });
});
