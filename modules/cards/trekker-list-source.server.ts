import { forbiddenError } from "@lib/errors";
import type { ListQuery, ListSource } from "@lib/list/list.server";
import { listCountries, type CountryOption } from "@modules/lookups/index.server";
import { trekkerListScope } from "@modules/registration";
import {
  countTrekkers,
  trekkerFilterChoices,
  trekkerListBatch,
  trekkerListPage,
  type TrekkerBatchFields,
  type TrekkerBatchRow,
  type TrekkerOrder,
  type TrekkerSearch,
  type TrekkerSubquery,
} from "@modules/registration/index.server";
import { can, inScope, type Permission, type PermissionHolder, type PermissionScope } from "@modules/permissions";
import { agencyChoices, displayNames, userTypeAndNameColumnsSql } from "@modules/users/index.server";
import { checkinColumn } from "./lifecycle.server";
import { CARD_SCOPES, mayOpenPanels } from "./policy";
import { trekkerRowActions } from "./row-actions";
import type { TrekkerItem } from "./trekker-lists.server";
import { trekkerChoices } from "./lists/trekkers.server";

type Viewer = PermissionHolder & { id: number };

/**
 * The overdue trekkers (modules/overdue, which reads check-ins and so sits above this module):
 * the route hands its hook in. `within` selects the open marks' trekker ids; `openColumn` is a
 * row's open mark as a column of the page's statement (over the trekker id column it is given);
 * `mayMark` says whether the viewer may mark safe a row of this owner.
 */
export interface OverdueListHook {
  within: TrekkerSubquery;
  openColumn: (trekkerIdColumn: string) => TrekkerSubquery;
  mayMark: (ownerId: number) => boolean;
}

/**
 * The sources of the trekker lists (lists/) for the list kit. Each is made for one
 * viewer and applies their row scope before anything is read: the board and TAAN see every
 * trekker, an agency or checkpost what it registered, a free trekker their own cards; deleted
 * records and returns only those the policy lets see them.
 */

/** Who may open the lists other than Trekkers, as scopes (rows: "own" = registered by the viewer). */
export const TREKKER_LIST_VIEWS = {
  deleted: [{ permission: "deletedTrekkers", rows: "any" }],
  returns: [{ permission: "requestsCardReturns", rows: "any" }],
  timsCards: CARD_SCOPES.list,
  history: [{ permission: "trekkingHistory", rows: "own" }],
} as const satisfies Record<string, readonly PermissionScope[]>;

/** `registeredBy` for a scope list: every row ({}), the viewer's own, or refused. */
function scopeOf(viewer: Viewer, scopes: readonly PermissionScope[]): { registeredBy?: number } {
  if (inScope(viewer, scopes)) return {};
  if (inScope(viewer, scopes, viewer.id)) return { registeredBy: viewer.id };
  throw forbiddenError();
}

/**
 * Narrows a search to the viewer's rows; null when a filter asks for someone else's (then the
 * list is empty rather than widened).
 */
function scoped(search: TrekkerSearch, scope: { registeredBy?: number }): TrekkerSearch | null {
  if (scope.registeredBy === undefined) return search;
  if (search.registeredBy !== undefined && search.registeredBy !== scope.registeredBy) return null;
  return { ...search, registeredBy: scope.registeredBy };
}

const regionNames: Record<number, string> = { 1: "SAARC", 2: "Others", 5: "Child" };

type Names = ReadonlyMap<number, { name: string }>;

let countryIndex: { from: readonly CountryOption[]; byId: Map<number, CountryOption> } | null = null;
/** Countries by id: the lookups module caches the list per process, so the map is made once. */
async function countriesById(): Promise<Map<number, CountryOption>> {
  const countries = await listCountries();
  if (countryIndex?.from !== countries) countryIndex = { from: countries, byId: new Map(countries.map((c) => [c.id, c])) };
  return countryIndex.byId;
}

/** A list row as the lists show it; the viewer's actions are added for pages. */
function toItem(r: TrekkerBatchRow, countryById: Map<number, CountryOption>, names: Names, actions: TrekkerItem["actions"]): TrekkerItem {
  const nation = countryById.get(r.nationality);
  return {
    trekkerId: r.trekkerId,
    registrationId: r.registrationId,
    fullName: r.fullName,
    routeName: r.routeName,
    cardNumber: r.cardNumber,
    regional: regionNames[r.trekkerType === 5 ? 5 : (nation?.regionId ?? 2)] ?? "",
    country: nation?.name ?? "",
    registeredAt: r.registeredAt,
    agency: names.get(r.registeredBy)?.name ?? "",
    status: r.status,
    issuedAt: r.cardNumber ? r.issuedAt : null,
    entryDate: r.entryDate,
    exitDate: r.exitDate,
    returnState: r.returnState as TrekkerItem["returnState"],
    deletedAt: r.deletedAt,
    deleteRemarks: r.deleteRemarks,
    deletedBy: r.deletedBy ? (names.get(r.deletedBy)?.name ?? "") : "",
    deletedIp: r.deletedIp,
    actions,
  };
}

const nameIds = (rows: readonly TrekkerBatchRow[]) => rows.flatMap((r) => (r.deletedBy ? [r.registeredBy, r.deletedBy] : [r.registeredBy]));

/**
 * The extra columns of a page's statement (trekkerListPage), so that the page is read in one
 * statement: the owner's type and name and the deleter's name (users module), and for pages with
 * actions the check-in mark (check-ins module) and the open overdue mark (overdue module, when
 * the route hands its hook in). Each module writes its own SQL; `t` is the trekker, `r` its
 * registration. Positions are read back by `marksOf`.
 */
function pageColumns(withActions: boolean, overdue?: OverdueListHook): TrekkerSubquery[] {
  const [ownerType, ownerName] = userTypeAndNameColumnsSql("r.userId");
  const [, deleterName] = userTypeAndNameColumnsSql("t.deletedBy");
  const columns: TrekkerSubquery[] = [ownerType, ownerName, deleterName].map((sql) => ({ sql, params: [] }));
  if (withActions) columns.push({ sql: checkinColumn()("t.id"), params: [] });
  if (withActions && overdue) columns.push(overdue.openColumn("t.id"));
  return columns;
}

/** A page row's extra columns (pageColumns) by name. */
function marksOf(r: TrekkerBatchRow): { ownerType?: number; owner: string; deleter: string; scanned: boolean; overdue: boolean } {
  const [ownerType, owner, deleter, scanned, overdue] = r.extra ?? [];
  return {
    ownerType: ownerType === null || ownerType === undefined ? undefined : Number(ownerType),
    owner: owner === null || owner === undefined ? "" : String(owner),
    deleter: deleter === null || deleter === undefined ? "" : String(deleter),
    scanned: Number(scanned ?? 0) === 1,
    overdue: Number(overdue ?? 0) === 1,
  };
}

/**
 * A page's (or search's) items from its rows, read with their names and marks in one statement
 * (trekkerListPage with pageColumns).
 */
async function pageItems(
  viewer: Viewer,
  search: TrekkerSearch,
  order: TrekkerOrder,
  window: { offset: number; limit: number },
  matches: number | undefined,
  withActions: boolean,
  overdue?: OverdueListHook,
): Promise<TrekkerItem[]> {
  const rows = await trekkerListPage(search, order, window, matches, pageColumns(withActions, overdue));
  if (!rows.length) return [];
  const countryById = await countriesById();
  return rows.map((r) => {
    const marks = marksOf(r);
    const names: Names = new Map([[r.registeredBy, { name: marks.owner }], ...(r.deletedBy ? ([[r.deletedBy, { name: marks.deleter }]] as const) : [])]);
    if (!withActions || r.deletedAt !== null) return toItem(r, countryById, names, []);
    const actions = trekkerRowActions(viewer, {
      status: r.status,
      returnState: r.returnState as TrekkerItem["returnState"],
      ownerId: r.registeredBy,
      ownerType: marks.ownerType,
      scanned: marks.scanned,
    });
    return toItem(r, countryById, names, marks.overdue && overdue?.mayMark(r.registeredBy) ? [...actions, "markSafe"] : actions);
  });
}

/**
 * An export's batches of items (no actions: exports have none). Names are remembered for the
 * export's length (a few hundred agencies, the free trekkers met so far), so a batch reads only
 * the names it has not seen.
 */
function exportItems(): (rows: TrekkerBatchRow[]) => Promise<TrekkerItem[]> {
  const names = new Map<number, { name: string }>();
  return async (rows) => {
    if (!rows.length) return [];
    const missing = new Set<number>();
    for (const id of nameIds(rows)) if (!names.has(id)) missing.add(id);
    const [countryById, found] = await Promise.all([
      countriesById(),
      missing.size ? displayNames([...missing]) : Promise.resolve(new Map<number, { name: string }>()),
    ]);
    for (const id of missing) names.set(id, { name: found.get(id)?.name ?? "" });
    const none: TrekkerItem["actions"] = [];
    return rows.map((r) => toItem(r, countryById, names, none));
  };
}

/** A list kit source over the trekker search: `toSearch` maps the list's filters. */
function sourceOf<F>(
  viewer: Viewer,
  toSearch: (filters: F) => TrekkerSearch | null,
  opts: { actions?: boolean; options?: ListSource<TrekkerItem, F>["options"]; overdue?: OverdueListHook; exportFields?: TrekkerBatchFields } = {},
): ListSource<TrekkerItem, F> {
  const order = (q: ListQuery<F>) => ({ desc: q.sort.desc });
  let batchItems: ReturnType<typeof exportItems> | null = null;
  return {
    async count(q, cap) {
      const search = toSearch(q.filters);
      return search ? countTrekkers(search, cap) : 0;
    },
    async page(q, window, matches) {
      const search = toSearch(q.filters);
      return search ? pageItems(viewer, search, order(q), window, matches, opts.actions ?? false, opts.overdue) : [];
    },
    async batch(q, after, limit) {
      const search = toSearch(q.filters);
      batchItems ??= exportItems();
      return search ? batchItems(await trekkerListBatch(search, order(q), after?.trekkerId ?? null, limit, opts.exportFields)) : [];
    },
    options: opts.options,
    countFirst: true,
  };
}

async function routeAndCountryChoices() {
  const { routes, countries } = await trekkerFilterChoices();
  return {
    routes: routes.map((r) => ({ value: String(r.id), label: r.name })),
    countries: countries.map((c) => ({ value: String(c.id), label: c.name })),
  };
}

export interface TrekkerFiltersInput {
  username?: string;
  startDate?: string;
  endDate?: string;
  cardStatus?: string;
  country?: number;
  region?: string;
  trekkingArea?: number;
  userAgencyType?: string;
  userId?: number;
  paymentStartDate?: string;
  paymentEndDate?: string;
  /** "1": only the overdue trekkers (needs the route's overdue hook; none without it). */
  overdue?: string;
}

/**
 * /trekkers (spec 2 §2) for this viewer: every trekker (board, TAAN) or their own (agency,
 * checkpost), with each row's actions. `account` fixes the registering user (the account views'
 * Registered Trekker tabs), within the viewer's scope all the same.
 */
export function trekkerListSource(viewer: Viewer, opts: { account?: number; overdue?: OverdueListHook } = {}): ListSource<TrekkerItem, TrekkerFiltersInput> {
  const scope = trekkerListScope(viewer);
  if (!scope) throw forbiddenError();
  const own = scope.registeredBy !== undefined;
  return sourceOf<TrekkerFiltersInput>(
    viewer,
    (f) => {
      if (opts.account !== undefined && f.userId !== undefined && f.userId !== opts.account) return null;
      if (f.overdue && !opts.overdue) return null;
      return scoped(
        {
          search: f.username,
          registeredFrom: f.startDate,
          registeredTo: f.endDate,
          statuses: f.cardStatus ? [f.cardStatus] : undefined,
          nationality: f.country,
          region: f.region ? Number(f.region) : undefined,
          routeId: f.trekkingArea,
          registeredByType: f.userAgencyType ? Number(f.userAgencyType) : undefined,
          registeredBy: opts.account ?? f.userId,
          issuedFrom: f.paymentStartDate,
          issuedTo: f.paymentEndDate,
          within: f.overdue ? opts.overdue?.within : undefined,
        },
        scope,
      );
    },
    {
      actions: opts.account === undefined,
      overdue: opts.overdue,
      // The TrekkersList export shows only the listed columns (its test compares it with whole rows).
      exportFields: "listed",
      options: async () => {
        const [choices, agencies] = await Promise.all([routeAndCountryChoices(), own || opts.account !== undefined ? Promise.resolve([]) : agencyChoices()]);
        return { ...choices, ...trekkerChoices, agencies: agencies.map((a) => ({ value: String(a.id), label: a.name })) };
      },
    },
  );
}

/** Column and filter keys an agency or checkpost does not see on its own list (spec 2 §6: no Agency column). */
export function trekkerListHidden(viewer: Viewer, opts: { account?: number } = {}): string[] {
  const own = trekkerListScope(viewer)?.registeredBy !== undefined;
  const hidden: string[] = [];
  if (own || opts.account !== undefined) hidden.push("agency", "userId", "userAgencyType");
  // The account views' trekker tabs have no overdue hook.
  if (opts.account !== undefined) hidden.push("overdue");
  if (opts.account !== undefined || !trekkerListHasActions(viewer)) hidden.push("actions");
  return hidden;
}

const ACTION_PERMISSIONS = [
  "registerTrek",
  "cardsEdit",
  "cardsCancel",
  "cardsDelete",
  "cardsReturnAny",
  "cardsReturnDecide",
  "cardsReturnDecideMembers",
  "generateCard",
] as const satisfies readonly Permission[];

/** Whether any row could offer this viewer an action (otherwise the Actions column is left out). */
function trekkerListHasActions(viewer: Viewer): boolean {
  return ACTION_PERMISSIONS.some((p) => can(viewer, p));
}

/** Deleted Trekkers (board): the records agencies deleted. */
export function deletedTrekkerSource(
  viewer: Viewer,
): ListSource<TrekkerItem, { username?: string; startDate?: string; endDate?: string; country?: number; trekkingArea?: number }> {
  const scope = scopeOf(viewer, TREKKER_LIST_VIEWS.deleted);
  return sourceOf(
    viewer,
    (f) =>
      scoped(
        { records: "deleted", search: f.username, deletedFrom: f.startDate, deletedTo: f.endDate, nationality: f.country, routeId: f.trekkingArea },
        scope,
      ),
    { options: routeAndCountryChoices },
  );
}

/** TIMS Card Return (board): cards with a return, asked for, approved or refused. */
export function cardReturnSource(
  viewer: Viewer,
): ListSource<TrekkerItem, { username?: string; returnStatus?: string; trekkingArea?: number; startDate?: string; endDate?: string }> {
  const scope = scopeOf(viewer, TREKKER_LIST_VIEWS.returns);
  return sourceOf(
    viewer,
    (f) =>
      scoped(
        {
          returnStates: f.returnStatus ? [f.returnStatus] : ["*"],
          search: f.username,
          routeId: f.trekkingArea,
          registeredFrom: f.startDate,
          registeredTo: f.endDate,
        },
        scope,
      ),
    { options: routeAndCountryChoices },
  );
}

/**
 * TIMS Cards: the viewer's own cards (free trekker), or, with `account`, the cards of the free
 * trekker whose account view the board or TAAN opened (the users guard checks that view).
 */
export function timsCardSource(viewer: Viewer, opts: { account?: number } = {}): ListSource<TrekkerItem, { routename?: string; cardStatus?: string }> {
  const scope = opts.account !== undefined ? trekkerListScope(viewer) : scopeOf(viewer, TREKKER_LIST_VIEWS.timsCards);
  if (!scope) throw forbiddenError();
  return sourceOf(viewer, (f) => scoped({ routeName: f.routename, statuses: f.cardStatus ? [f.cardStatus] : undefined, registeredBy: opts.account }, scope));
}

/** Trekking History: a free trekker's own treks. */
export function trekkingHistorySource(viewer: Viewer): ListSource<TrekkerItem, { cardStatus?: string }> {
  const scope = scopeOf(viewer, TREKKER_LIST_VIEWS.history);
  return sourceOf(viewer, (f) => scoped({ statuses: f.cardStatus ? [f.cardStatus] : undefined }, scope));
}

export interface TrekkerSearchHit {
  trekkerId: number;
  registrationId: number;
  fullName: string;
  cardNumber: number | null;
  routeName: string;
  status: string;
  /** The page or panel the hit opens for this viewer. */
  href: string;
}

/**
 * The header search's trekkers (spec 1 §2.3): any part of a name (registration's name tokens), a passport, a card number or a
 * registration id, within the viewer's rows only: every trekker for the board and TAAN, its own
 * for an agency or checkpost, a free trekker's own cards. Anyone else finds none.
 */
export async function searchTrekkersFor(viewer: Viewer, text: string, limit = 20): Promise<TrekkerSearchHit[]> {
  const scope = trekkerListScope(viewer) ?? (inScope(viewer, CARD_SCOPES.list, viewer.id) ? { registeredBy: viewer.id } : null);
  if (!scope || !text.trim()) return [];
  const search = scoped({ search: text.trim() }, scope);
  if (!search) return [];
  const found = await pageItems(viewer, search, { desc: true }, { offset: 0, limit }, undefined, false);
  // Where the viewer's own list rows lead: the Trekkers panel, the TIMS Cards panel, or (TAAN) the card.
  const href = (trekkerId: number) =>
    trekkerListScope(viewer) && mayOpenPanels(viewer)
      ? `/trekkers/${trekkerId}`
      : trekkerListScope(viewer)
        ? `/tims-cards/${trekkerId}`
        : `/tims-cards/${trekkerId}/panel`;
  return found.map((t) => ({
    trekkerId: t.trekkerId,
    registrationId: t.registrationId,
    fullName: t.fullName,
    cardNumber: t.cardNumber,
    routeName: t.routeName,
    status: t.status,
    href: href(t.trekkerId),
  }));
}
