import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../tests/setup/test-db";
import { writeTransaction } from "../db/sequelize.server";
import { claimJobs, insertJob, JobRow } from "./job-store.server";
import { createBullQueue, createInlineQueue } from "./queue.server";

// The jobs table as a queue: rows written in the caller's transaction, claimed with a lease, run
// once, retried with backoff, taken over when their drainer dies. SQLite always, MariaDB in CI.

beforeAll(async () => {
  await prepareTestDatabase();
});

let seq = 0;
/** A job name of its own per test: rows stay in the file's database between tests. */
const jobName = (what: string) => `test.${what}.${++seq}`;
const rowsOf = (name: string) => JobRow.findAll({ where: { name }, order: [["id", "ASC"]] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("in-process runner over the jobs table", () => {
  it("writes a row and runs the handler with its data after the caller's await", async () => {
    const name = jobName("echo");
    const seen: unknown[] = [];
    const queue = createInlineQueue({ [name]: async (data) => void seen.push(data) });
    await queue.enqueue(name, { n: 1, text: "नमस्ते" });
    expect(seen).toEqual([]);
    expect((await rowsOf(name)).map((r) => r.status)).toEqual(["queued"]);
    await queue.drain();
    expect(seen).toEqual([{ n: 1, text: "नमस्ते" }]);
    const [row] = await rowsOf(name);
    expect(row).toMatchObject({ status: "done", attempts: 1, data: "null" });
    await queue.close();
  });

  it("retries a failing handler with growing delays until it succeeds", async () => {
    const name = jobName("flaky");
    const at: number[] = [];
    const queue = createInlineQueue(
      {
        [name]: async () => {
          at.push(Date.now());
          if (at.length < 3) throw new Error("not yet");
        },
      },
      { backoffMs: 100 },
    );
    await queue.enqueue(name, {}, { attempts: 3 });
    await queue.drain();
    expect(at).toHaveLength(3);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(90);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(190);
    expect(await rowsOf(name)).toMatchObject([{ status: "done", attempts: 3 }]);
    await queue.close();
  });

  it("gives up after the allowed tries and keeps the error", async () => {
    const name = jobName("broken");
    let calls = 0;
    const queue = createInlineQueue(
      {
        [name]: async () => {
          calls++;
          throw new Error("always broken");
        },
      },
      { backoffMs: 5 },
    );
    await queue.enqueue(name, {}, { attempts: 2 });
    await queue.drain();
    expect(calls).toBe(2);
    const [row] = await rowsOf(name);
    expect(row).toMatchObject({ status: "failed", attempts: 2 });
    expect(row.lastError).toContain("always broken");
    await queue.close();
  });

  it("waits for a delayed job; a key is queued once", async () => {
    const name = jobName("push");
    const seen: number[] = [];
    const queue = createInlineQueue({ [name]: async (n: number) => void seen.push(n) });
    const started = Date.now();
    // A second's delay: on a loaded machine the next two enqueues took longer than 150 ms.
    await queue.enqueue(name, 1, { delayMs: 1_000, key: `${name}:same` });
    await queue.enqueue(name, 2, { key: `${name}:same` });
    await queue.enqueue(name, 3);
    await queue.drain();
    expect(seen).toEqual([3, 1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(await rowsOf(name)).toHaveLength(2);
    await queue.close();
  });

  it("refuses an unknown job name", async () => {
    const queue = createInlineQueue({});
    await expect(queue.enqueue("nope", {})).rejects.toThrow(/nope/);
  });

  it("a job queued in a transaction exists only if the transaction commits", async () => {
    const name = jobName("tx");
    const seen: string[] = [];
    const queue = createInlineQueue({ [name]: async (what: string) => void seen.push(what) });
    await expect(
      writeTransaction(async (transaction) => {
        await queue.enqueue(name, "rolled back", { transaction });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await writeTransaction(async (transaction) => {
      await queue.enqueue(name, "committed", { transaction });
    });
    await queue.drain();
    expect(seen).toEqual(["committed"]);
    expect(await rowsOf(name)).toHaveLength(1);
    await queue.close();
  });

  it("two runners draining one table run every job exactly once", async () => {
    const name = jobName("shared");
    const runs = new Map<number, number>();
    const handler = async (n: number) => {
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await sleep(5);
    };
    for (let n = 0; n < 40; n++) await insertJob(name, n);
    const a = createInlineQueue({ [name]: handler }, { concurrency: 3 });
    const b = createInlineQueue({ [name]: handler }, { concurrency: 3 });
    await Promise.all([a.drain(), b.drain()]);
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    await Promise.all([a.close(), b.close()]);
  });

  it("a row whose drainer died is taken over when its lease runs out, not before", async () => {
    const name = jobName("orphan");
    await insertJob(name, { card: 7 });
    // A drainer claims it with a short lease and dies (never finishes, never renews).
    const claimedFrom = Date.now();
    const [claimed] = await claimJobs({ kind: "run", leaseMs: 400, limit: 1, names: [name] });
    expect(claimed).toMatchObject({ status: "running", attempts: 1 });
    const seen: unknown[] = [];
    const queue = createInlineQueue({ [name]: async (data) => void seen.push(data) }, { leaseMs: 400, pollMs: 50 });
    expect(await claimJobs({ kind: "run", leaseMs: 400, limit: 1, names: [name] })).toEqual([]);
    await queue.drain();
    expect(seen).toEqual([{ card: 7 }]);
    // Not before the lease ran out, counted from the claim (a loaded machine may take most of the
    // lease between the claim and the drain).
    expect(Date.now() - claimedFrom).toBeGreaterThanOrEqual(390);
    expect(await rowsOf(name)).toMatchObject([{ status: "done", attempts: 2 }]);
    await queue.close();
  });

  it("a running job keeps its lease while it works past it", async () => {
    const name = jobName("long");
    let runs = 0;
    const handler = async () => {
      runs++;
      await sleep(3000);
    };
    const a = createInlineQueue({ [name]: handler }, { leaseMs: 1200, pollMs: 50 });
    const b = createInlineQueue({ [name]: handler }, { leaseMs: 1200, pollMs: 50 });
    await a.enqueue(name, {});
    await Promise.all([a.drain(), b.drain()]);
    expect(runs).toBe(1);
    await Promise.all([a.close(), b.close()]);
  });

  it("a schedule ticked by two runners inserts and runs each occurrence once", async () => {
    const name = jobName("daily");
    let runs = 0;
    const handlers = { [name]: async () => void runs++ };
    const a = createInlineQueue(handlers);
    const b = createInlineQueue(handlers);
    await a.schedule({ job: name, cron: "5 0 * * *" });
    await b.schedule({ job: name, cron: "5 0 * * *" });
    await Promise.all([a.drain(), b.drain()]);
    expect(runs).toBe(1);
    const rows = await rowsOf(name);
    expect(rows).toHaveLength(1);
    expect(rows[0].key).toMatch(new RegExp(`^${name.replace(/\./g, "\\.")}@\\d{4}-\\d{2}-\\d{2}$`));
    await Promise.all([a.close(), b.close()]);
  });
});

// tests/setup/database.ts moves REDIS_URL to TEST_REDIS_URL so the app under test runs inline.
const redisUrl = process.env.TEST_REDIS_URL || process.env.REDIS_URL;

// issue 27: needs a Redis (REDIS_URL); CI and `npm test` on a machine with redis-server set it.
describe.skipIf(!redisUrl)("Bull relay (Redis)", () => {
  const prefix = `tims-test-${process.pid}-${Date.now()}`;
  const name = jobName("relayed");
  const runs = new Map<string, number>();
  const web = createBullQueue({ redisUrl: redisUrl ?? "", prefix, handlers: {} });
  const worker = createBullQueue({
    redisUrl: redisUrl ?? "",
    prefix,
    handlers: { [name]: async (data: { tag: string }) => void runs.set(data.tag, (runs.get(data.tag) ?? 0) + 1) },
    pollMs: 100,
  });

  afterAll(async () => {
    await web.close();
    await worker.raw.obliterate({ force: true });
    await worker.close();
  });

  async function until(check: () => Promise<boolean> | boolean, ms = 10_000) {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error("timed out");
      await sleep(50);
    }
  }

  it("a web process's committed row reaches the worker once; a row nobody relayed is relayed by the worker", async () => {
    worker.process(2);
    await writeTransaction(async (transaction) => {
      await web.enqueue(name, { tag: "from-web" }, { transaction });
    });
    // A web process that died between its commit and the hand-over: only the row exists.
    await insertJob(name, { tag: "orphan" });
    await until(async () => (await rowsOf(name)).every((r) => r.status === "done") && runs.size === 2);
    // Handing a done row to Bull again (a relay retried after a lost answer) runs nothing.
    const rows = await rowsOf(name);
    await worker.raw.add(name, { outboxId: rows[0].id });
    await sleep(300);
    expect(Object.fromEntries(runs)).toEqual({ "from-web": 1, orphan: 1 });
  }, 20_000);
});
