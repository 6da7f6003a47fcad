import type { JobHandler } from "./types";
import { claimJobs, failJob, finishJob, insertJob, renewLease, type JobRow } from "./job-store.server";
import { scheduleKey, type JobSchedule } from "./daily-cron";
import { loggerFor } from "@lib/observability/logger.server";
import { withRequestId } from "@lib/observability/request-id.server";

const log = loggerFor("jobs");

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

  /** Runs under the id of the request that queued the row (or the job's own), so every line it logs carries it. */
  function execute(row: JobRow): Promise<void> {
    return withRequestId(row.requestId ?? `job-${row.id}`, () => executeRow(row));
  }

  async function executeRow(row: JobRow): Promise<void> {
    const handler = opts.handlers[row.name];
    const renew = setInterval(
      () => {
        renewLease(row, opts.leaseMs).then(
          (held) => held || log.warn({ job: row.name, jobId: row.id }, "lost the lease; another drainer may run it again"),
          (error) => log.error({ jobId: row.id, err: error }, "could not renew the lease"),
        );
      },
      Math.max(50, Math.floor(opts.leaseMs / 3)),
    );
    renew.unref?.();
    try {
      if (!handler) throw new Error(`No job handler for "${row.name}"`);
      log.info({ job: row.name, jobId: row.id, attempt: row.attempts }, "job started");
      await handler(JSON.parse(row.data));
      clearInterval(renew);
      await finishJob(row);
      log.info({ job: row.name, jobId: row.id }, "job done");
    } catch (error) {
      clearInterval(renew);
      const outcome = await failJob(row, error, opts.backoffMs).catch((e) => {
        log.error({ jobId: row.id, err: e }, "could not record the failure");
        return "unknown";
      });
      log.error(
        { job: row.name, jobId: row.id, attempt: row.attempts, maxAttempts: row.maxAttempts, willRetry: outcome === "retry", err: error },
        "job failed",
      );
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
      await insertJob(s.job, s.data ?? {}, { key }).catch((error) => log.error({ key, err: error }, "could not schedule"));
    }
  }

  return { claimAndStart, runById, tickSchedules, names };
}
