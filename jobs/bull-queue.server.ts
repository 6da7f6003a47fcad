import Bull from "bull";
import type { JobHandler } from "../modules/contract";
import type { EnqueueOptions, JobQueue } from "./types";
import { SCHEDULE_TZ } from "./daily-cron";

/** One queue for every job; job names pick the handler, so adding a job needs no new queue. */
export const QUEUE_NAME = "tims";

export interface BullJobQueue extends JobQueue {
  /** Only the worker calls this; web instances just enqueue. */
  process(concurrency?: number): void;
  schedule(name: string, cron: string, data?: unknown): Promise<void>;
  raw: Bull.Queue;
}

export function createBullQueue(opts: {
  redisUrl: string;
  prefix: string;
  handlers: Record<string, JobHandler>;
}): BullJobQueue {
  const raw = new Bull(QUEUE_NAME, opts.redisUrl, {
    prefix: opts.prefix,
    defaultJobOptions: {
      attempts: 3,
      backoff: { type: "exponential", delay: 1000 },
      removeOnComplete: true,
      // Failed jobs stay (for a week) so failures can be inspected and retried.
      removeOnFail: { age: 7 * 24 * 60 * 60 },
    },
  });

  async function enqueue(name: string, data: unknown, o: EnqueueOptions = {}) {
    await raw.add(name, data ?? {}, {
      ...(o.attempts !== undefined && { attempts: Math.max(1, o.attempts) }),
      ...(o.delayMs && o.delayMs > 0 && { delay: o.delayMs }),
      ...(o.jobId !== undefined && { jobId: o.jobId }),
    });
  }

  function process(concurrency = 1) {
    raw.on("failed", (job, error) => {
      console.error(
        `[jobs] "${job.name}" #${job.id} failed (attempt ${job.attemptsMade}/${job.opts.attempts ?? 1}):`,
        error,
      );
    });
    // Bull's promise settles only when the queue closes; errors surface through "error".
    raw
      .process("*", concurrency, async (job) => {
        const handler = opts.handlers[job.name];
        if (!handler) throw new Error(`No job handler for "${job.name}"`);
        await handler(job.data);
      })
      .catch((error) => console.error("[jobs] processor stopped:", error));
  }

  /** Repeatable jobs live in Redis keyed by name + cron, so re-registering at each start is harmless. */
  async function schedule(name: string, cron: string, data?: unknown) {
    await raw.add(name, data ?? {}, { repeat: { cron, tz: SCHEDULE_TZ } });
  }

  return { enqueue, process, schedule, raw, close: () => raw.close() };
}
