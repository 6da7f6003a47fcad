import type { JobHandler } from "../modules/contract";
import type { EnqueueOptions, JobQueue } from "./types";
import { kathmanduClock, parseDailyCron } from "./daily-cron";

export interface InlineQueue extends JobQueue {
  /** Resolves once every running, retrying and delayed job has settled. */
  drain(): Promise<void>;
  schedule(name: string, cron: string, data?: unknown): Promise<void>;
}

export interface InlineQueueOptions {
  /** First retry delay; doubles per attempt. Tests set it low. */
  backoffMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The embedded runner: same handlers as the Bull worker, run in this process. Jobs start on a
 * later tick so a request never waits for (or fails because of) the work it queued.
 */
export function createInlineQueue(
  handlers: Record<string, JobHandler>,
  options: InlineQueueOptions = {},
): InlineQueue {
  const backoffMs = options.backoffMs ?? 500;
  const inFlight = new Set<Promise<void>>();
  // Mirrors Bull: a job id that is still pending or running is not added twice.
  const activeIds = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();

  async function run(name: string, handler: JobHandler, data: unknown, attempts: number) {
    for (let attempt = 1; ; attempt++) {
      try {
        await handler(data);
        return;
      } catch (error) {
        console.error(`[jobs] "${name}" failed (attempt ${attempt}/${attempts}):`, error);
        if (attempt >= attempts) return;
        await sleep(backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  function enqueue(name: string, data: unknown, opts: EnqueueOptions = {}): Promise<void> {
    const handler = handlers[name];
    // Unknown names fail at the call site: in-process there is no dead-letter list to look at.
    if (!handler) return Promise.reject(new Error(`No job handler for "${name}"`));
    if (opts.jobId !== undefined) {
      if (activeIds.has(opts.jobId)) return Promise.resolve();
      activeIds.add(opts.jobId);
    }
    const attempts = Math.max(1, opts.attempts ?? 3);
    // JSON round-trip like Bull, so handlers never depend on sharing objects with the caller.
    const payload = data === undefined ? undefined : JSON.parse(JSON.stringify(data));
    const job = new Promise<void>((resolve) => {
      const start = () => run(name, handler, payload, attempts).finally(resolve);
      if (opts.delayMs && opts.delayMs > 0) setTimeout(start, opts.delayMs);
      else setImmediate(start);
    }).finally(() => {
      inFlight.delete(job);
      if (opts.jobId !== undefined) activeIds.delete(opts.jobId);
    });
    inFlight.add(job);
    return Promise.resolve();
  }

  async function drain() {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  }

  /**
   * Ticks on each minute boundary and runs the job when Kathmandu time matches "M H * * *".
   * Timers are unref'd so a schedule never keeps a CLI or test process alive.
   */
  async function schedule(name: string, cron: string, data?: unknown) {
    const at = parseDailyCron(cron);
    if (!handlers[name]) throw new Error(`No job handler for "${name}"`);
    let lastRunDay = "";
    const tick = () => {
      const now = kathmanduClock(new Date());
      if (now.hour === at.hour && now.minute === at.minute && now.day !== lastRunDay) {
        lastRunDay = now.day;
        enqueue(name, data, { jobId: `schedule:${name}` }).catch((e) => console.error(e));
      }
    };
    const first = setTimeout(() => {
      timers.delete(first);
      tick();
      const every = setInterval(tick, 60_000);
      every.unref();
      timers.add(every);
    }, 60_000 - (Date.now() % 60_000) + 50);
    first.unref();
    timers.add(first);
  }

  async function close() {
    for (const t of timers) clearTimeout(t);
    timers.clear();
    await drain();
  }

  return { enqueue, drain, schedule, close };
}
