import { describe, expect, it } from "vitest";
import { parseDailyCron, scheduleKey } from "./daily-cron";

// The queue itself runs on the jobs table: jobs/queue.db.test.ts.

describe("schedules", () => {
  it("accepts only daily crons", () => {
    expect(parseDailyCron("30 2 * * *")).toEqual({ hour: 2, minute: 30 });
    expect(() => parseDailyCron("*/5 * * * *")).toThrow();
    expect(() => parseDailyCron("0 2 * * 1")).toThrow();
    expect(() => parseDailyCron("0 24 * * *")).toThrow();
  });

  it("keys a daily schedule by the Kathmandu day of its latest occurrence", () => {
    const sweep = { job: "cards.sweep", cron: "5 0 * * *" };
    // 00:04 in Kathmandu (UTC+5:45) is 18:19 UTC the day before: today's 00:05 has not come.
    expect(scheduleKey(sweep, new Date("2026-11-22T18:19:00Z"))).toBe("cards.sweep@2026-11-22");
    expect(scheduleKey(sweep, new Date("2026-11-22T18:20:00Z"))).toBe("cards.sweep@2026-11-23");
    expect(scheduleKey(sweep, new Date("2026-11-23T17:59:00Z"))).toBe("cards.sweep@2026-11-23");
    // Two processes ticking a minute apart agree.
    expect(scheduleKey(sweep, new Date("2026-11-23T09:00:00Z"))).toBe(scheduleKey(sweep, new Date("2026-11-23T09:01:00Z")));
  });

  it("keys an interval schedule by its period", () => {
    const every = { job: "payments.reconcile", everyMinutes: 5 };
    expect(scheduleKey(every, new Date("2026-11-23T10:04:59Z"))).toBe("payments.reconcile@2026-11-23T10:00:00.000Z");
    expect(scheduleKey(every, new Date("2026-11-23T10:05:00Z"))).toBe("payments.reconcile@2026-11-23T10:05:00.000Z");
    expect(() => scheduleKey({ job: "x", everyMinutes: 0 })).toThrow();
    expect(() => scheduleKey({ job: "x" })).toThrow();
  });
});
