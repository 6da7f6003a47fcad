import type { Transaction } from "sequelize";
import { displayDate } from "@lib/dates";
import { checkinsOf, type RecordedCheckin } from "@modules/checkins/index.server";
import { followedTrek, tellFollower } from "@modules/registration/index.server";

/**
 * What a follower sees and hears (issue 29 item 3). The registration module owns the follower
 * and checks the link; this module adds the trail (checkins) and tells the follower when the
 * trekker checks out and when a case is escalated to rescue, in the transaction of that change.
 */

export interface FollowerPage {
  routeName: string;
  entryDate: string;
  exitDate: string;
  entryPoint: string;
  exitPoint: string;
  /** Checkpoints the trekker passed (accepted check-ins only), oldest first, date only. */
  passed: { place: string; date: string }[];
}

/**
 * The follower's page for a link, or null (bad, tampered, expired or revoked: the page says only
 * "not found"). Only the trek's route, dates and the checkpoints passed: no name, passport,
 * photo, card number, contact or other trekker (docs/decisions.md).
 */
export async function followerPage(token: string): Promise<FollowerPage | null> {
  const trek = await followedTrek(token);
  if (!trek) return null;
  const checkins = await checkinsOf(trek.trekkerId);
  const passed = checkins.filter((c) => !c.refusedReason).map((c) => ({ place: c.place, date: displayDate(c.at) }));
  return {
    routeName: trek.routeName,
    entryDate: displayDate(trek.entryDate),
    exitDate: displayDate(trek.exitDate),
    entryPoint: trek.entryPoint,
    exitPoint: trek.exitPoint,
    passed,
  };
}

/** A check-out (or a scan at the route's end) tells the follower, once. */
export async function tellFollowerOfCheckout(checkin: RecordedCheckin, transaction: Transaction): Promise<void> {
  if (!checkin.leftTrail) return;
  await tellFollower(checkin.trekkerId, "checked-out", { place: checkin.place, day: displayDate(checkin.at) }, transaction);
}

/** An escalation to rescue tells the follower, once. */
export async function tellFollowerOfRescue(trekkerId: number, transaction: Transaction): Promise<void> {
  await tellFollower(trekkerId, "escalated", {}, transaction);
}
