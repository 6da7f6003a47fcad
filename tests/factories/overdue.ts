// Overdue trekkers for tests: issued cards never seen at a checkpoint, raised by the overdue job
// run on a day past their grace period, restricted to these trekkers (the e2e database is shared).
import "../setup/compose";
import { findOverdueTrekkers } from "@modules/overdue/index.server";
import { trailCards } from "./checkins";
import { inDays } from "./dates";
import type { TestUser } from "./users";

/** `count` trekkers of `owner` on `routeId`, trekking from today, overdue as never seen. */
export async function overdueTrekkers(routeId: number, owner: TestUser, count = 1) {
  const cards = await trailCards(routeId, { count, entry: inDays(0), exit: inDays(4), owner });
  await findOverdueTrekkers({ today: inDays(10), graceDays: 2, trekkerIds: cards.map((c) => c.trekkerId) });
  return cards;
}
