import { config } from "@lib/config.server";
import { rebuildDailyStats } from "./rebuild.server";

export const REBUILD_JOB = "stats.rebuild";

/** The job "stats.rebuild": { from?, to? } (YYYY-MM-DD, both included); without them every day with data. */
export async function rebuildJob(data: { from?: string; to?: string } = {}): Promise<void> {
  const ok = (d?: string) => (d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : null);
  const done = await rebuildDailyStats(ok(data.from), ok(data.to), { pace: config.statsRebuildPace });
  console.log(`[stats] rebuilt daily_stats ${done.from}..${done.to}: ${done.rows} rows`);
}
