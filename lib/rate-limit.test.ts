import { describe, expect, it } from "vitest";
import { counterKey, waitText } from "@lib/rate-limit.server";

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
