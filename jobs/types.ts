export interface EnqueueOptions {
  /** Total tries including the first; default 3. */
  attempts?: number;
  delayMs?: number;
  /** Deduplicates: a job whose id is still queued or running is not added again. */
  jobId?: string;
}

export interface JobQueue {
  enqueue(name: string, data: unknown, opts?: EnqueueOptions): Promise<void>;
  close(): Promise<void>;
}
