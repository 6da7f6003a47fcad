import { Op, type WhereOptions } from "sequelize";
import { kathmanduDayStart, addDays } from "@lib/dates";
import { forbiddenError } from "@lib/errors";
import type { ListSource } from "@lib/list/list.server";
import { modelListSource } from "@lib/list/model-source.server";
import { cardLifecycleFields, trekkerIdByCardNumber } from "@modules/cards/index.server";
import { UserType } from "../contract";
import { can, type PermissionHolder } from "@modules/permissions";
import { trekkerListRows } from "@modules/registration/index.server";
import { displayNames } from "@modules/users/index.server";
import { Checkin } from "./models/checkin.server";
import type { CheckinItem } from "./checkin-lists";

type Viewer = PermissionHolder & { id: number };
type CheckinFilters = { startDate?: string; endDate?: string; cardNumber?: number };

/** The filters' WHERE (Nepal days), or null when a card number matches no card. */
async function filterWhere(f: CheckinFilters): Promise<WhereOptions[] | null> {
  const where: WhereOptions[] = [];
  if (f.startDate) where.push({ actionDate: { [Op.gte]: kathmanduDayStart(f.startDate) } });
  if (f.endDate) where.push({ actionDate: { [Op.lt]: kathmanduDayStart(addDays(f.endDate, 1)) } });
  if (f.cardNumber !== undefined) {
    const trekkerId = await trekkerIdByCardNumber(f.cardNumber);
    if (!trekkerId) return null;
    where.push({ trekkerId });
  }
  return where;
}

/** Check-in rows with the trekker's name, card number and route, and who recorded them: a few queries a page. */
async function items(rows: Checkin[]): Promise<CheckinItem[]> {
  const ids = [...new Set(rows.map((r) => r.trekkerId))];
  const [trekkers, cards, names] = await Promise.all([
    trekkerListRows(ids),
    cardLifecycleFields(ids),
    displayNames(rows.flatMap((r) => (r.recordedBy ? [r.recordedBy] : []))),
  ]);
  const byId = new Map(trekkers.map((t) => [t.trekkerId, t]));
  return rows.map((r) => ({
    id: r.id,
    trekkerId: r.trekkerId,
    registrationId: r.registrationId,
    fullName: byId.get(r.trekkerId)?.fullName ?? "",
    cardNumber: cards.get(r.trekkerId)?.cardNumber ?? null,
    routeName: byId.get(r.trekkerId)?.routeName ?? "",
    place: r.place,
    method: r.method,
    direction: r.direction,
    at: r.actionDate,
    recordedBy: r.recordedBy ? (names.get(r.recordedBy)?.name ?? "") : "",
    refusedReason: r.refusedReason ?? null,
    offRoute: Boolean(r.offRoute),
  }));
}

function source(scope: WhereOptions): ListSource<CheckinItem, CheckinFilters> {
  return modelListSource({
    model: Checkin,
    where: async (f: CheckinFilters) => {
      const parts = await filterWhere(f);
      return parts ? { [Op.and]: [scope, ...parts] } : null;
    },
    keys: (sort) => [
      { column: "actionDate", desc: sort.desc },
      { column: "id", desc: sort.desc },
    ],
    cursor: (r: CheckinItem) => [new Date(r.at), r.id],
    rows: items,
  });
}

/**
 * Scanned Trekkers: the check-ins a checkpost recorded and the refused cards it scanned, marked
 * (its own list, or, with `account`, the checkpost account view the board or TAAN opened; the
 * users guard checks that view).
 */
export function scannedTrekkerSource(viewer: Viewer, opts: { account?: number } = {}): ListSource<CheckinItem, CheckinFilters> {
  if (opts.account !== undefined) return source({ recordedBy: opts.account, method: { [Op.ne]: "self" } });
  if (!can(viewer, "scan")) throw forbiddenError();
  return source({ recordedBy: viewer.id, method: { [Op.ne]: "self" } });
}

/**
 * Self Scan Trekkers: the board sees every self check-in; TAAN, the association of trekking
 * agencies, those of trekkers its member agencies registered (docs/decisions.md).
 */
export function selfScanSource(viewer: Viewer): ListSource<CheckinItem, CheckinFilters> {
  if (!can(viewer, "selfScanTrekkers")) throw forbiddenError();
  return viewer.userType === UserType.NTB ? source({ method: "self" }) : source({ method: "self", ownerType: UserType.Agency });
}
