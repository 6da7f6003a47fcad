import type { Transaction } from "sequelize";

export interface EnqueueOptions {
  /**
   * The transaction of the change that needs the job: the job's row commits with it (and is
   * gone if it rolls back), so a crash after the commit cannot lose the job.
   */
  transaction?: Transaction | null;
  /** Total tries including the first; default 3. */
  attempts?: number;
  delayMs?: number;
  /** Deduplicates: at most one job per key (done rows keep their key for a day). */
  key?: string;
}

export interface JobQueue {
  /** Writes the job (durably); a drainer runs it after the commit. */
  enqueue(name: string, data: unknown, opts?: EnqueueOptions): Promise<void>;
  close(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a handler narrows its own payload; `unknown` would refuse every typed handler (parameters are contravariant)
export type JobHandler<T = any> = (data: T) => Promise<void>;

/** "M H * * *" (Kathmandu time) or every N minutes; see jobs/daily-cron.ts. */
export interface JobScheduleDeclaration {
  job: string;
  cron?: string;
  everyMinutes?: number;
  data?: unknown;
}
