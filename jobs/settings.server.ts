/**
 * How the job drainers behave, from the environment (read once). Defaults suit production;
 * tests and the cluster script shorten the lease so a killed drainer's job is taken over sooner.
 */
function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export const jobSettings = {
  /** A claimed row is the drainer's for this long, renewed while the job runs; a dead drainer's row is taken over after it. */
  leaseMs: positive("JOB_LEASE_SECONDS", 30) * 1000,
  /** First retry after this; doubles per try. */
  backoffMs: positive("JOB_BACKOFF_MS", 1000),
  /** The longest wait between two tries, however many came before (a job that retries for a day tries every half hour). */
  maxBackoffMs: positive("JOB_MAX_BACKOFF_SECONDS", 30 * 60) * 1000,
  /** How often an idle drainer looks for due rows (delayed jobs, retries, rows a crashed process left). */
  pollMs: positive("JOB_POLL_MS", 1000),
  /** How long a row handed to Bull may wait there before the relay hands it over again (Redis lost it). */
  relayLeaseMs: positive("JOB_RELAY_LEASE_SECONDS", 600) * 1000,
  /** Jobs a drainer runs at once. */
  concurrency: Math.floor(positive("WORKER_CONCURRENCY", 4)),
};
