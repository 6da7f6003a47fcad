import { USER_TYPES } from "@modules/lookups";
import { countUsersByType } from "@modules/users/index.server";

export interface DashboardSummary {
  users: { total: number; byType: { name: string; count: number }[] };
}

/** The Users block of the dashboard (spec 1 §2.4); the other blocks arrive with their modules. */
export async function dashboardSummary(): Promise<DashboardSummary> {
  const counts = await countUsersByType();
  const byType = USER_TYPES.map((t) => ({ name: t.name, count: counts.get(t.id) ?? 0 }));
  return { users: { total: byType.reduce((s, t) => s + t.count, 0), byType } };
}
