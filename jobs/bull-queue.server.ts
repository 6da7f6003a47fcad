import Bull from "bull";
import type { JobHandler } from "./types";
import type { EnqueueOptions, JobQueue } from "./types";
import type { JobSchedule } from "./daily-cron";
import { claimJobs, insertJob, pruneJobs, unrelay, type JobRow } from "./job-store.server";
import { createJobRunner } from "./job-runner.server";
import { jobSettings } from "./settings.server";

/** One queue for every job; job names pick the handler, so adding a job needs no new queue. */
export const QUEUE_NAME = "tims";

/** What a relayed Bull job carries: only the row's id; the row holds the data and the state. */
interface RelayedJob {
  outboxId: number;
}

export interface BullJobQueue extends JobQueue {
  /**
   * Only the worker calls this: runs relayed rows (`concurrency` at once), relays due rows the
   * web processes did not (delayed jobs, retries, rows of a crashed process, rows Redis lost)
   * and ticks the schedules. Web instances only enqueue.
   */
  process(concurrency?: number, schedules?: readonly JobSchedule[]): void;
  /** Hands due rows to Bull; returns how many. */
  relayDue(limit?: number): Promise<number>;
  raw: Bull.Queue;
}

export interface BullQueueOptions {
  redisUrl: string;
  prefix: string;
  handlers: Record<string, JobHandler>;
  leaseMs?: number;
  relayLeaseMs?: number;
  backoffMs?: number;
  pollMs?: number;
}

/**
 * The Bull relay over the jobs table. Enqueueing writes the row (in the caller's transaction);
 * after the commit the process hands it to Bull at once. If it dies first, or Redis is down, the
 * row stays queued and a worker's relay loop hands it over. Bull only carries row ids to the
 * workers; each worker claims the row with a lease before running it, so a row handed over twice
 * still runs once, and retries with backoff are the table's (as in the in-process runner).
 */
export function createBullQueue(opts: BullQueueOptions): BullJobQueue {
  const raw = new Bull(QUEUE_NAME, opts.redisUrl, {
    prefix: opts.prefix,
    // The table keeps state and retries; Bull keeps nothing it has delivered.
    defaultJobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: true },
  });
  const leaseMs = opts.leaseMs ?? jobSettings.leaseMs;
  const relayLeaseMs = opts.relayLeaseMs ?? jobSettings.relayLeaseMs;
  const pollMs = opts.pollMs ?? jobSettings.pollMs;
  const runner = createJobRunner({ handlers: opts.handlers, leaseMs, backoffMs: opts.backoffMs ?? jobSettings.backoffMs });
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;

  async function hand(rows: JobRow[]): Promise<number> {
    if (!rows.length) return 0;
    try {
      await raw.addBulk(rows.map((row) => ({ name: row.name, data: { outboxId: row.id } satisfies RelayedJob })));
      return rows.length;
    } catch (error) {
      console.error("[jobs] could not hand jobs to Bull; they stay queued:", error);
      await Promise.all(rows.map((row) => unrelay(row).catch(() => undefined)));
      return 0;
    }
  }

  async function relayDue(limit = 200): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await claimJobs({ kind: "relay", leaseMs: relayLeaseMs, limit });
      total += await hand(rows);
      if (rows.length < limit || closing) return total;
    }
  }

  async function enqueue(name: string, data: unknown, o: EnqueueOptions = {}): Promise<void> {
    const id = await insertJob(name, data, o);
    if (id === null || (o.delayMs ?? 0) > 0) return; // a delayed row is relayed when due
    const relay = () => {
      claimJobs({ kind: "relay", leaseMs: relayLeaseMs, limit: 1, ids: [id] })
        .then(hand)
        .catch((error) => console.error(`[jobs] relaying #${id} failed; a worker will pick it up:`, error));
    };
    if (o.transaction) o.transaction.afterCommit(relay);
    else relay();
  }

  function every(ms: number, work: () => Promise<unknown>) {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || closing) return;
      busy = true;
      work()
        .catch((error) => console.error("[jobs] relay loop:", error))
        .finally(() => (busy = false));
    }, ms);
    timers.add(timer);
  }

  function process(concurrency = jobSettings.concurrency, schedules: readonly JobSchedule[] = []) {
    raw
      .process("*", concurrency, async (job) => {
        const data = job.data as Partial<RelayedJob> | null;
        if (typeof data?.outboxId === "number") {
          await runner.runById(data.outboxId);
          return;
        }
        // A job added to Bull directly (before the jobs table existed): run it as Bull did.
        const handler = opts.handlers[job.name];
        if (!handler) throw new Error(`No job handler for "${job.name}"`);
        await handler(job.data);
      })
      .catch((error) => console.error("[jobs] processor stopped:", error));
    let lastTick = "";
    const tick = async () => {
      const minute = new Date().toISOString().slice(0, 16);
      if (minute !== lastTick) {
        lastTick = minute;
        await runner.tickSchedules(schedules);
        if (minute.endsWith("0")) await pruneJobs(); // every ten minutes
      }
      await relayDue();
    };
    void tick().catch((error) => console.error("[jobs] relay loop:", error));
    every(pollMs, tick);
  }

  async function close() {
    closing = true;
    for (const t of timers) clearInterval(t);
    timers.clear();
    await raw.close();
  }

  return { enqueue, process, relayDue, raw, close };
}
