import { afterAll, describe, expect, it } from "vitest";
import { createBullQueue, createInlineQueue, parseDailyCron } from "./queue.server";

describe("inline queue", () => {
  it("runs the handler with the data, after the caller's await", async () => {
    const seen: unknown[] = [];
    const queue = createInlineQueue({ "test.echo": async (data) => void seen.push(data) });
    await queue.enqueue("test.echo", { n: 1 });
    expect(seen).toEqual([]);
    await queue.drain();
    expect(seen).toEqual([{ n: 1 }]);
  });

  it("retries a failing handler until it succeeds", async () => {
    let calls = 0;
    const queue = createInlineQueue(
      {
        "test.flaky": async () => {
          calls++;
          if (calls < 3) throw new Error("not yet");
        },
      },
      { backoffMs: 1 },
    );
    await queue.enqueue("test.flaky", {}, { attempts: 3 });
    await queue.drain();
    expect(calls).toBe(3);
  });

  it("gives up after the allowed attempts", async () => {
    let calls = 0;
    const queue = createInlineQueue(
      {
        "test.broken": async () => {
          calls++;
          throw new Error("always");
        },
      },
      { backoffMs: 1 },
    );
    await queue.enqueue("test.broken", {}, { attempts: 2 });
    await queue.drain();
    expect(calls).toBe(2);
  });

  it("drain waits for delayed jobs and skips a duplicate job id", async () => {
    const seen: number[] = [];
    const queue = createInlineQueue({ "test.push": async (n: number) => void seen.push(n) });
    await queue.enqueue("test.push", 1, { delayMs: 30, jobId: "same" });
    await queue.enqueue("test.push", 2, { jobId: "same" });
    await queue.enqueue("test.push", 3);
    await queue.drain();
    expect(seen).toEqual([3, 1]);
  });

  it("rejects an unknown job name", async () => {
    const queue = createInlineQueue({});
    await expect(queue.enqueue("nope", {})).rejects.toThrow(/nope/);
  });

  it("accepts only daily crons for inline scheduling", () => {
    expect(parseDailyCron("30 2 * * *")).toEqual({ hour: 2, minute: 30 });
    expect(() => parseDailyCron("*/5 * * * *")).toThrow();
    expect(() => parseDailyCron("0 2 * * 1")).toThrow();
    expect(() => parseDailyCron("0 24 * * *")).toThrow();
  });
});

// tests/setup/database.ts moves REDIS_URL to TEST_REDIS_URL so the app under test runs inline.
const redisUrl = process.env.TEST_REDIS_URL || process.env.REDIS_URL;

describe.skipIf(!redisUrl)("bull queue (Redis)", () => {
  const received: Array<(data: unknown) => void> = [];
  const queue = createBullQueue({
    redisUrl: redisUrl ?? "",
    prefix: `tims-test-${process.pid}-${Date.now()}`,
    handlers: { "test.echo": async (data) => received.shift()?.(data) },
  });

  afterAll(async () => {
    await queue.raw.obliterate({ force: true });
    await queue.close();
  });

  it("a worker in this process runs an enqueued job with its data", async () => {
    const got = new Promise<unknown>((resolve, reject) => {
      received.push(resolve);
      setTimeout(() => reject(new Error("job not processed within 10 s")), 10_000).unref();
    });
    queue.process(1);
    await queue.enqueue("test.echo", { hello: "namaste" });
    await expect(got).resolves.toEqual({ hello: "namaste" });
  }, 15_000);
});
