import { config } from "../app/utils/config.server";
import { createBullQueue, type BullJobQueue } from "./bull-queue.server";
import { createInlineQueue, type InlineQueue } from "./inline-queue.server";
import type { EnqueueOptions, JobQueue } from "./types";

export type { EnqueueOptions, JobQueue } from "./types";
export { createInlineQueue, type InlineQueue, type InlineQueueOptions } from "./inline-queue.server";
export { createBullQueue, type BullJobQueue, QUEUE_NAME } from "./bull-queue.server";
export { parseDailyCron } from "./daily-cron";

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
      // Web instances only enqueue; `npm run worker` processes, so no handlers are needed here.
      return createBullQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix, handlers: {} });
    }
    // Lazy: the registry imports every module, and modules import this file to enqueue.
    const { jobHandlers } = await import("../modules/registry");
    return createInlineQueue(jobHandlers());
  })().catch((error) => {
    // A failed start must not be cached for the life of the process.
    remember(undefined);
    throw error;
  });
  remember(created);
  return created;
}

const facade: JobQueue = {
  enqueue: async (name: string, data: unknown, opts?: EnqueueOptions) =>
    (await backend()).enqueue(name, data, opts),
  close: closeQueue,
};

/** Bull when REDIS_URL is set, otherwise the in-process runner (DESIGN.md, "Two ways to run"). */
export function getQueue(): JobQueue {
  return facade;
}

/** Registers a repeatable job; inline only accepts "M H * * *" (see daily-cron.ts). */
export async function schedule(name: string, cron: string, data?: unknown): Promise<void> {
  await (await backend()).schedule(name, cron, data);
}

/** Waits for in-process jobs (tests, shutdown); a no-op on Bull, whose jobs run in the worker. */
export async function drainQueue(): Promise<void> {
  const pending = current();
  if (!pending) return;
  const queue = await pending;
  if ("drain" in queue) await queue.drain();
}

export async function closeQueue(): Promise<void> {
  const pending = current();
  remember(undefined);
  if (pending) await (await pending).close();
}
