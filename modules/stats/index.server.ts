// The stats module's public entry for server code: owners record their events, the dashboard reads.
export { statsModule } from "./plugin.server";
export { recordDaily, ISSUE_ACTIONS, type DailyEvent } from "./record.server";
export { rebuildDailyStats } from "./rebuild.server";
export { dailyStatsDrift, type StatsDrift } from "./drift.server";
export { REBUILD_JOB } from "./jobs.server";
export { statTotals, onTrailByRoute, recentCards, type DayRange, type StatDimension, type StatRow, type StatSource, type RecentCard } from "./query.server";
export { METRICS, nepalDaySql, type Metric } from "./sources.server";
