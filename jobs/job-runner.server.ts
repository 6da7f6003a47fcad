import type { JobHandler } from "./types";
import { claimJobs, failJob, finishJob, insertJob, renewLease, type JobRow } from "./job-store.server";
import { scheduleKey, type JobSchedule } from "./daily-cron";

/**
 * Runs claimed rows: the part the in-process runner and the Bull worker share. A row runs only
 * while this runner holds its lease (renewed every third of it); the outcome is written back
 * under the same lease, so a runner that lost its lease (stalled past it) cannot overwrite the
 * result of the one that took over.
 */
export interface JobRunner {
  /** Claims up to `limit` due rows with known handlers; returns their runs (started). */
  claimAndStart(limit: number): Promise<Promise<void>[]>;
  /** Claims one row by id (the Bull worker was handed it) and runs it; false if it was not claimable. */
  runById(id: number): Promise<boolean>;
  /** Inserts each schedule's latest due occurrence once (the row's key is the lock). */
  tickSchedules(schedules: readonly JobSchedule[], now?: Date): Promise<void>;
  names: string[];
}

export interface JobRunnerOptions {
  handlers: Record<string, JobHandler>;
  leaseMs: number;
  backoffMs: number;
}

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const names = Object.keys(opts.handlers);

  async function execute(row: JobRow): Promise<void> {
    const handler = opts.handlers[row.name];
    const renew = setInterval(
      () => {
        renewLease(row, opts.leaseMs).then(
          (held) => held || console.warn(`[jobs] lost the lease of "${row.name}" #${row.id}; another drainer may run it again`),
          (error) => console.error(`[jobs] could not renew the lease of #${row.id}:`, error),
        );
      },
      Math.max(50, Math.floor(opts.leaseMs / 3)),
    );
    renew.unref?.();
    try {
      if (!handler) throw new Error(`No job handler for "${row.name}"`);
      await handler(JSON.parse(row.data));
      clearInterval(renew);
      await finishJob(row);
    } catch (error) {
      clearInterval(renew);
      const outcome = await failJob(row, error, opts.backoffMs).catch((e) => {
        console.error(`[jobs] could not record the failure of #${row.id}:`, e);
        return "unknown";
      });
      console.error(`[jobs] "${row.name}" #${row.id} failed (try ${row.attempts}/${row.maxAttempts}${outcome === "retry" ? ", will retry" : ""}):`, error);
    }
  }

  async function claimAndStart(limit: number): Promise<Promise<void>[]> {
    if (limit <= 0 || !names.length) return [];
    const rows = await claimJobs({ kind: "run", leaseMs: opts.leaseMs, limit, names });
    return rows.map((row) => execute(row));
  }

  async function runById(id: number): Promise<boolean> {
    const [row] = await claimJobs({ kind: "run", leaseMs: opts.leaseMs, limit: 1, ids: [id] });
    if (!row) return false;
    await execute(row);
    return true;
  }

  async function tickSchedules(schedules: readonly JobSchedule[], now = new Date()): Promise<void> {
    for (const s of schedules) {
      const key = scheduleKey(s, now);
      await insertJob(s.job, s.data ?? {}, { key }).catch((error) => console.error(`[jobs] could not schedule ${key}:`, error));
    }
  }

  return { claimAndStart, runById, tickSchedules, names };
}
