import type { JobHandler } from "./types";
import type { EnqueueOptions, JobQueue } from "./types";
import type { JobSchedule } from "./daily-cron";
import { insertJob, outstandingJobs, pruneJobs } from "./job-store.server";
import { createJobRunner } from "./job-runner.server";
import { jobSettings } from "./settings.server";

export interface InlineQueue extends JobQueue {
  /** Starts draining the jobs table in this process (idempotent); schedules tick from now on. */
  start(): void;
  /** Starts if needed, then resolves once no row this runner can run is due, leased or delayed. */
  drain(): Promise<void>;
  /** Adds a schedule; it ticks while the runner is started. */
  schedule(schedule: JobSchedule): Promise<void>;
}

export interface InlineQueueOptions {
  /** First retry delay; doubles per try. */
  backoffMs?: number;
  leaseMs?: number;
  pollMs?: number;
  /** Jobs run at once. */
  concurrency?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The embedded runner: drains the jobs table in this process with the same handlers and the same
 * claims as the Bull worker. Enqueueing writes a row (in the caller's transaction when given)
 * and wakes the runner after the commit; a row a crashed process left is taken over when its
 * lease runs out, or at once if it never started. Jobs run on later ticks, so a request never
 * waits for (or fails because of) the work it queued.
 */
export function createInlineQueue(handlers: Record<string, JobHandler>, options: InlineQueueOptions = {}): InlineQueue {
  const leaseMs = options.leaseMs ?? jobSettings.leaseMs;
  const pollMs = options.pollMs ?? jobSettings.pollMs;
  const concurrency = Math.max(1, options.concurrency ?? jobSettings.concurrency);
  const runner = createJobRunner({ handlers, leaseMs, backoffMs: options.backoffMs ?? jobSettings.backoffMs });
  const running = new Set<Promise<void>>();
  const schedules: JobSchedule[] = [];
  let started = false;
  let closing = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let lastTick = "";
  let lastPrune = 0;

  // A nudge while the loop is busy (not waiting) is remembered, so it is never lost.
  let nudged = false;
  function nudge() {
    nudged = true;
    wake?.();
  }

  let ticking: Promise<void> | null = null;
  /** Once a minute (and at start): the schedules' due occurrences, and housekeeping hourly. */
  function tick(): Promise<void> {
    const minute = new Date().toISOString().slice(0, 16);
    if (ticking) return ticking;
    if (minute === lastTick) return Promise.resolve();
    ticking = (async () => {
      await runner.tickSchedules(schedules);
      lastTick = minute;
      if (Date.now() - lastPrune > 60 * 60_000) {
        lastPrune = Date.now();
        await pruneJobs().catch((error) => console.error("[jobs] prune failed:", error));
      }
    })().finally(() => (ticking = null));
    return ticking;
  }

  async function run() {
    while (!closing) {
      nudged = false;
      try {
        await tick();
        const free = concurrency - running.size;
        const started = await runner.claimAndStart(free);
        for (const job of started) {
          const tracked: Promise<void> = job.finally(() => {
            running.delete(tracked);
            nudge();
          });
          running.add(tracked);
        }
        if (free > 0 && started.length === free) continue; // there may be more due right now
      } catch (error) {
        console.error("[jobs] runner:", error);
      }
      if (nudged) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        timer.unref?.();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  function start() {
    if (started || closing) return;
    started = true;
    loop = run();
  }

  async function enqueue(name: string, data: unknown, opts: EnqueueOptions = {}): Promise<void> {
    // Unknown names fail at the call site: in-process there is no other drainer to leave them to.
    if (!handlers[name]) throw new Error(`No job handler for "${name}"`);
    await insertJob(name, data, opts);
    if (opts.transaction) opts.transaction.afterCommit(nudge);
    else nudge();
  }

  async function drain() {
    start();
    await tick();
    for (;;) {
      nudge();
      while (running.size) await Promise.allSettled([...running]);
      const { waiting, nextRunAt } = await outstandingJobs(runner.names);
      if (!waiting && !running.size) return;
      const until = nextRunAt ? nextRunAt.getTime() - Date.now() : 0;
      await sleep(Math.min(Math.max(until, 10), 500));
    }
  }

  async function schedule(s: JobSchedule) {
    if (!handlers[s.job]) throw new Error(`No job handler for "${s.job}"`);
    schedules.push(s);
    lastTick = "";
    nudge();
  }

  async function close() {
    closing = true;
    nudge();
    await loop;
    while (running.size) await Promise.allSettled([...running]);
  }

  return { enqueue, start, drain, schedule, close };
}
