import { gauge } from "@lib/observability/metrics.server";
import { sequelize } from "../../db/sequelize.server";
import { jobCounts } from "../../jobs/job-store.server";

/**
 * Gauges read when Prometheus scrapes, from the database every instance shares, so any instance
 * answers for the cluster: the jobs table by job and state, and this process's connection pool.
 *
 * Declared by a call, not by importing this file: package.json says `"sideEffects": false`, so the
 * build dropped a bare `import "./metrics-collectors.server"` and no instance ever served these
 * (tests/e2e/metrics.spec.ts found it).
 */
let installed = false;
export function installCollectors(): void {
  if (installed) return;
  installed = true;
  gauge({
    name: "tims_jobs",
    help: "Rows of the jobs table by job name and state.",
    labelNames: ["job", "state"],
    async collect() {
      this.reset();
      for (const row of await jobCounts()) this.set({ job: row.name, state: row.status }, row.count);
    },
  });

  gauge({
    name: "tims_jobs_oldest_age_seconds",
    help: "Age of the oldest row by job name and state, from when it was due (a queue that does not drain grows this).",
    labelNames: ["job", "state"],
    async collect() {
      this.reset();
      const now = Date.now();
      for (const row of await jobCounts())
        if (row.oldestRunAt && row.status !== "done") this.set({ job: row.name, state: row.status }, Math.max(0, (now - row.oldestRunAt.getTime()) / 1000));
    },
  });

  interface PoolLike {
    size?: number;
    available?: number;
    using?: number;
    waiting?: number;
    maxSize?: number;
  }

  gauge({
    name: "tims_db_pool_connections",
    help: "This process's database connections by state (in use, idle, requests waiting for one, the pool's maximum).",
    labelNames: ["state"],
    collect() {
      // Sequelize's pool (sequelize-pool); SQLite opens a connection per transaction and reports none.
      const pool = (sequelize.connectionManager as unknown as { pool?: PoolLike & { write?: PoolLike } }).pool;
      const p = pool?.write ?? pool;
      if (!p) return;
      this.set({ state: "used" }, p.using ?? 0);
      this.set({ state: "idle" }, p.available ?? 0);
      this.set({ state: "waiting" }, p.waiting ?? 0);
      this.set({ state: "max" }, p.maxSize ?? 0);
    },
  });
}
