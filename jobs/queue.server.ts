import { config } from "@lib/config.server";
import { createBullQueue, type BullJobQueue } from "./bull-queue.server";
import { createInlineQueue, type InlineQueue } from "./inline-queue.server";
import type { EnqueueOptions, JobQueue } from "./types";
import { registeredJobs as registered } from "./registration";
import { insertJob, JobRow } from "./job-store.server";

export type { EnqueueOptions, JobHandler, JobQueue, JobScheduleDeclaration } from "./types";
export { registerJobs, type JobRegistration } from "./registration";
export { createInlineQueue, type InlineQueue, type InlineQueueOptions } from "./inline-queue.server";
export { createBullQueue, type BullJobQueue, QUEUE_NAME } from "./bull-queue.server";
export { parseDailyCron, scheduleKey, type JobSchedule } from "./daily-cron";

type Backend = InlineQueue | BullJobQueue;

// Bull is kept on globalThis so `remix dev` rebuilds reuse its Redis connections; the inline
// runner is per build so edited job handlers take effect after a rebuild.
const holder = globalThis as typeof globalThis & { __timsBullQueue?: Promise<Backend> };
let inline: Promise<Backend> | undefined;

function current(): Promise<Backend> | undefined {
  return config.redisUrl ? holder.__timsBullQueue : inline;
}

function remember(queue: Promise<Backend> | undefined): void {
  if (config.redisUrl) holder.__timsBullQueue = queue;
  else inline = queue;
}

function backend(): Promise<Backend> {
  const existing = current();
  if (existing) return existing;
  const created = (async (): Promise<Backend> => {
    if (config.redisUrl) {
      // Web instances only write rows and hand them to Bull; `npm run worker` runs them.
      return createBullQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix, handlers: {} });
    }
    return createInlineQueue({ ...(await registered()).handlers });
  })().catch((error) => {
    // A failed start must not be cached for the life of the process.
    remember(undefined);
    throw error;
  });
  remember(created);
  return created;
}

/**
 * Queues a job: a row in the jobs table, inside `opts.transaction` when given (then it exists
 * exactly when the change that needs it committed). Bull when REDIS_URL is set, otherwise the
 * in-process runner, drains it (DESIGN.md, "Two ways to run").
 */
export async function enqueue(name: string, data: unknown, opts?: EnqueueOptions): Promise<void> {
  const ready = current();
  if (!ready && opts?.transaction && !config.redisUrl) {
    // The first job of a process that has not made its runner yet (a script, the browser tests'
    // workers): making it loads every module's handlers, seconds on a cold, loaded process, and
    // the caller's transaction would wait for that holding SQLite's one write lock (other
    // processes' writers then failed with SQLITE_BUSY). The row needs no handler: it is written
    // now and any runner on the table takes it; this process's runner is made after the commit.
    await insertJob(name, data, opts);
    opts.transaction.afterCommit(() => void backend().catch((error) => console.error("[jobs] starting the runner failed:", error)));
    return;
  }
  await (await (ready ?? backend())).enqueue(name, data, opts);
}

const facade: JobQueue = { enqueue, close: closeQueue };

export function getQueue(): JobQueue {
  return facade;
}

/**
 * Runs jobs in this process when there is no Redis: the web server calls it at start-up, and the
 * runner first takes over what a previous process left in the table, then the modules' schedules
 * tick (the daily sweep, payment reconciliation). With Redis it does nothing: the worker runs
 * jobs and ticks schedules (jobs/worker.ts).
 */
export async function startJobs(): Promise<void> {
  if (config.redisUrl) return;
  const queue = (await backend()) as InlineQueue;
  for (const s of (await registered()).schedules) await queue.schedule(s);
  queue.start();
}

/** Runs in-process jobs until none is left (tests, shutdown); a no-op on Bull, whose jobs run in the worker. */
export async function drainQueue(): Promise<void> {
  const pending = current();
  if (!pending) return;
  const queue = await pending;
  if ("drain" in queue) await queue.drain();
}

/**
 * Readiness (/readyz): the jobs table answers and, with Redis, so does the Bull queue's
 * connection. Throws what failed.
 */
export async function checkQueue(): Promise<void> {
  await JobRow.findOne({ attributes: ["id"] });
  if (!config.redisUrl) return;
  const queue = (await backend()) as BullJobQueue;
  await queue.raw.client.ping();
}

export async function closeQueue(): Promise<void> {
  const pending = current();
  remember(undefined);
  if (pending) await (await pending).close();
}
