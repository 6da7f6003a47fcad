import { Op, type WhereOptions } from "sequelize";
import { kathmanduDayStart, addDays } from "@lib/dates";
import { displayNames } from "@modules/users/index.server";
import { PersonalDataView } from "./model.server";
import { isAuditedView, type PersonalDataPlace } from "./rules";

/** Who looked: the signed-in user as the guards return it. */
export interface Viewer {
  id: number;
  userType: number;
}

/**
 * Records that `viewer` saw these trekkers' personal data at `place` (docs/decisions.md, "Who is
 * audited"): trekkers the viewer registered are left out, and nothing is written when none is
 * left. Its own short write: the page's read is not held up by it and does not hold it.
 */
export async function recordTrekkerView(
  viewer: Viewer,
  place: PersonalDataPlace,
  trekkers: readonly { trekkerId: number; registeredBy: number | null }[],
): Promise<void> {
  const seen = trekkers.filter((t) => isAuditedView(viewer.id, t.registeredBy)).map((t) => t.trekkerId);
  if (!seen.length) return;
  await PersonalDataView.create({
    userId: viewer.id,
    userType: viewer.userType,
    place,
    trekkerIds: seen.join(",").slice(0, 500),
    rowCount: seen.length,
    filter: null,
    viewedAt: new Date(),
  });
}

/**
 * Records an export with personal columns: one row per export with its filter (the query string
 * the list was exported with) and the number of rows it wrote. The count is the list's own, taken
 * when the export starts; the rows the viewer registered are not told apart (an export is audited
 * whole unless its viewer registered every row, which the caller knows by the list's scope).
 */
export async function recordExport(viewer: Viewer, list: string, filter: string, rowCount: number): Promise<void> {
  await PersonalDataView.create({
    userId: viewer.id,
    userType: viewer.userType,
    place: "export",
    trekkerIds: null,
    rowCount,
    filter: `${list}${filter ? `?${filter}` : ""}`.slice(0, 500),
    viewedAt: new Date(),
  });
}

export interface ViewFilters {
  userId?: number | null;
  from?: string | null;
  to?: string | null;
}

export interface ViewRow {
  id: number;
  userId: number;
  userName: string;
  place: string;
  trekkerIds: string;
  rowCount: number;
  filter: string;
  viewedAt: string;
}

/** A page of the log, newest first, with the total for the pager; dates are Nepal days, both ends included. */
export async function listPersonalDataViews(filters: ViewFilters, page: { offset: number; limit: number }): Promise<{ rows: ViewRow[]; total: number }> {
  const where: WhereOptions[] = [];
  if (filters.userId) where.push({ userId: filters.userId });
  if (filters.from) where.push({ viewedAt: { [Op.gte]: kathmanduDayStart(filters.from) } });
  if (filters.to) where.push({ viewedAt: { [Op.lt]: kathmanduDayStart(addDays(filters.to, 1)) } });
  const { rows, count } = await PersonalDataView.findAndCountAll({
    where: where.length ? { [Op.and]: where } : {},
    order: [
      ["viewedAt", "DESC"],
      ["id", "DESC"],
    ],
    offset: page.offset,
    limit: page.limit,
  });
  const names = await displayNames([...new Set(rows.map((r) => r.userId))]);
  return {
    total: count,
    rows: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      userName: names.get(r.userId)?.name ?? `User ${r.userId}`,
      place: r.place,
      trekkerIds: r.trekkerIds ?? "",
      rowCount: r.rowCount,
      filter: r.filter ?? "",
      viewedAt: new Date(r.viewedAt).toISOString(),
    })),
  };
}

/** The users the log names, for the page's user filter: staff accounts, a few hundred at most. */
export async function personalDataViewers(): Promise<{ id: number; name: string; email: string }[]> {
  const rows = await PersonalDataView.findAll({ attributes: ["userId"], group: ["userId"], raw: true });
  const names = await displayNames(rows.map((r) => Number(r.userId)));
  return [...names].map(([id, n]) => ({ id, name: n.name, email: n.email })).sort((a, b) => a.name.localeCompare(b.name));
}
