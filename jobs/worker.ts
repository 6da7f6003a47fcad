/**
 * `npm run worker`: processes the Bull queue. Only meaningful with Redis; without it the web
 * process runs jobs itself, so a missing REDIS_URL is a configuration mistake worth stopping for.
 */
import os from "node:os";
import { config } from "@lib/config.server";
import { createBullQueue } from "./bull-queue.server";

if (!config.redisUrl) {
  console.error("REDIS_URL is not set. The worker processes Bull jobs from Redis; without Redis, jobs run inside the web process and no worker is needed.");
  process.exit(1);
}

// Imported after the check so a misconfigured worker fails before touching the database.
// The process entry takes the modules' jobs from the composition root (ADR 0045); jobs/ imports no module.
const { composeApp, jobHandlers, jobSchedules } = await import("../app/composition.server");
composeApp();
const handlers = jobHandlers();
const concurrency = Number(process.env.WORKER_CONCURRENCY || 4);
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error(`WORKER_CONCURRENCY must be a positive integer, got "${process.env.WORKER_CONCURRENCY}"`);
  process.exit(1);
}

// Card PDFs and e-mails can wait a little; a payer at the gateway's return or a checkpost's scan
// cannot. On a machine the worker shares with web instances it yields the CPU to them: it and the
// Chromium it launches (which inherits the priority) run at a lower one (ADR 0053).
const nice = Number(process.env.WORKER_NICE ?? 10);
if (!Number.isInteger(nice) || nice < 0 || nice > 19) {
  console.error(`WORKER_NICE must be a whole number from 0 to 19, got "${process.env.WORKER_NICE}"`);
  process.exit(1);
}
if (nice) os.setPriority(Math.max(os.getPriority(), nice));

// Runs what Bull hands it, relays rows of the jobs table that nobody handed over (delayed jobs,
// retries, a crashed process's rows) and ticks the schedules; every worker does all three, and
// the table's leases and keys keep any number of workers from running a row or a day twice.
const queue = createBullQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix, handlers });
queue.raw.on("error", (error) => console.error("[worker] queue error:", error));
queue.process(concurrency, jobSchedules());
console.log(
  `[worker] processing "${queue.raw.name}" (prefix "${config.queuePrefix}", concurrency ${concurrency}, nice ${os.getPriority()}); jobs: ${Object.keys(handlers).sort().join(", ") || "none"}`,
);

let stopping = false;
// The worker's own counters (e-mails, the ledger check, reconciled payments) are only in this
// process: with WORKER_METRICS_PORT it serves them at /metrics, as a web instance does its own.
if (config.workerMetricsPort) {
  const { serveOps } = await import("@lib/observability/ops-server.server");
  await serveOps({ port: config.workerMetricsPort, embedded: config.embedded, token: config.metricsToken, stopping: () => stopping });
  console.log(`[worker] /healthz and /metrics on port ${config.workerMetricsPort}`);
}

async function shutdown(signal: string) {
  // A second signal means the operator does not want to wait for running jobs.
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`[worker] ${signal}: finishing running jobs, then exiting`);
  try {
    await queue.close();
    const { closePdfRenderer } = await import("./pdf-renderer.server");
    await closePdfRenderer();
    process.exit(0);
  } catch (error) {
    console.error("[worker] shutdown failed:", error);
    process.exit(1);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
