import { Op, type Transaction } from "sequelize";
import { CHECKINS_ONLY, Checkin, type CheckinDirection, type CheckinMethod } from "./models/checkin.server";

// What other modules and pages read of the check-ins table: a trekker's scans, who has checked
// in, the trails the sweep and the overdue job judge by. Refused scans (ADR 0028) are shown but
// never count as check-ins.

export interface CheckinView {
  id: number;
  place: string;
  method: CheckinMethod;
  direction: CheckinDirection;
  at: Date;
  recordedBy: number | null;
  /** Set on a refused card's sighting (ADR 0028): shown, labelled, but not a check-in. */
  refusedReason: string | null;
  /** Recorded at a checkpoint off the card's route (issue 26). */
  offRoute: boolean;
}

/** A trekker's scans, oldest first, refused ones included (the side panel's Checkin list, the scanned trekker's trail). */
export async function checkinsOf(trekkerId: number): Promise<CheckinView[]> {
  const rows = await Checkin.findAll({
    where: { trekkerId },
    order: [
      ["actionDate", "ASC"],
      ["id", "ASC"],
    ],
  });
  return rows.map((r) => ({
    id: r.id,
    place: r.place,
    method: r.method,
    direction: r.direction,
    at: r.actionDate,
    recordedBy: r.recordedBy,
    refusedReason: r.refusedReason ?? null,
    offRoute: Boolean(r.offRoute),
  }));
}

/** Which of these trekkers have any check-in (the cards module's refuse-when-scanned rule). */
export async function trekkersWithCheckins(trekkerIds: readonly number[], transaction?: Transaction): Promise<ReadonlySet<number>> {
  if (!trekkerIds.length) return new Set();
  const rows = await Checkin.findAll({
    where: { trekkerId: { [Op.in]: [...trekkerIds] }, ...CHECKINS_ONLY },
    attributes: ["trekkerId"],
    group: ["trekkerId"],
    raw: true,
    transaction,
  });
  return new Set(rows.map((r) => r.trekkerId));
}

/**
 * `trekkersWithCheckins` for one row of another module's statement (the trekker list's page): 1
 * when the trekker in `trekkerIdColumn` has a check-in (refusals aside), else 0. One probe of the
 * (trekkerId, actionDate) index per row. `trekkerIdColumn` is the caller's column, never input.
 */
export function checkedInColumnSql(trekkerIdColumn: string): string {
  return `EXISTS (SELECT 1 FROM checkins c WHERE c.trekkerId = ${trekkerIdColumn} AND c.refusedReason IS NULL)`;
}

/** For the sweep: "out" when checked out or seen at the route's end, else "seen"; absent when never seen. */
export async function trailsOf(trekkerIds: readonly number[], transaction?: Transaction): Promise<ReadonlyMap<number, "seen" | "out">> {
  if (!trekkerIds.length) return new Map();
  // A refused card was turned back: it neither puts the trekker on the trail nor takes them off (ADR 0028).
  const rows = await Checkin.findAll({
    where: { trekkerId: { [Op.in]: [...trekkerIds] }, ...CHECKINS_ONLY },
    attributes: ["trekkerId", "direction", "atEndPoint"],
    raw: true,
    transaction,
  });
  const trails = new Map<number, "seen" | "out">();
  for (const r of rows) {
    const left = r.direction === "out" || Boolean(r.atEndPoint);
    if (left) trails.set(r.trekkerId, "out");
    else if (!trails.has(r.trekkerId)) trails.set(r.trekkerId, "seen");
  }
  return trails;
}

/**
 * Whether this checkpost recorded a check-in of the trekker, or a sighting of the refused card
 * (it held the card; its Scanned Trekkers list links the row): what lets it open the scanned trekker.
 */
export async function hasScanned(viewerId: number, trekkerId: number): Promise<boolean> {
  if (!Number.isSafeInteger(trekkerId)) return false;
  return (await Checkin.count({ where: { trekkerId, recordedBy: viewerId } })) > 0;
}
