import { CARD_STATUSES, PAYMENT_METHODS } from "@modules/lookups";
import { listCountries } from "@modules/lookups/index.server";
import { listRouteChoices, listRouteNames } from "@modules/trek-routes/index.server";
import { displayNames } from "@modules/users/index.server";
import { onTrailByRoute, recentCards, statTotals, type StatSource } from "@modules/stats/index.server";
import { dashboardSummary, type DashboardSummary } from "./summary.server";
import { daysOf, type DateRange } from "./range";

export interface Figure {
  label: string;
  value: number;
}

export interface DashboardData {
  range: DateRange;
  trekkers: { registered: number; byStatus: Figure[] };
  /** Paisa. */
  revenue: { totalPaisa: number; byMethod: Figure[] };
  users: DashboardSummary["users"];
  routes: { active: number; busiest: Figure | null };
  perDay: Figure[];
  topAgencies: Figure[];
  topCountries: Figure[];
  onTrail: Figure[];
  recent: { trekkerId: number; fullName: string; country: string; cardNumber: number | null; routeName: string; issuedAt: string }[];
}

export const LIST_SIZE = 10;

/** Name lookups shared by the dashboard and the reports. */
export async function namers() {
  const [routes, countries] = await Promise.all([listRouteNames(), listCountries()]);
  const routeName = new Map(routes.map((r) => [r.id, r.name]));
  const country = new Map(countries.map((c) => [c.id, c]));
  return {
    route: (id: number) => routeName.get(id) ?? (id ? `Route ${id}` : "Unknown"),
    country: (id: number) => country.get(id)?.name ?? (id ? `Country ${id}` : "Not split by trekker"),
    regionOf: (id: number) => country.get(id)?.regionId ?? 0,
    method: (id: string) => PAYMENT_METHODS.find((m) => String(m.id) === id)?.name ?? `Method ${id}`,
    agencies: async (ids: number[]) => {
      const names = await displayNames(ids.filter((id) => id > 0));
      return (id: number) => (id ? (names.get(id)?.name ?? `Agency ${id}`) : "Free trekkers and board");
    },
  };
}

const top = (rows: Figure[], n = LIST_SIZE) => [...rows].sort((a, b) => b.value - a.value || a.label.localeCompare(b.label)).slice(0, n);

/**
 * The dashboard's figures for a range (spec 1 §2.4) from the per-day aggregates (ADR 0019);
 * `source: "scan"` computes the same from the source tables (the bench's comparison).
 */
export async function dashboardData(range: DateRange, source: StatSource = "aggregate"): Promise<DashboardData> {
  const [issuedByDay, issuedByRoute, issuedByAgency, issuedByCountry, moved, revenue, summary, activeRoutes, onTrail, recent, name] = await Promise.all([
    statTotals("issued.route", range, ["day"], source),
    statTotals("issued.route", range, ["routeId"], source),
    statTotals("issued.agcy", range, ["agencyId"], source),
    statTotals("issued.nat", range, ["nationality"], source),
    statTotals("moved", range, ["dim"], source),
    statTotals("revenue.mthd", range, ["dim"], source),
    dashboardSummary(),
    listRouteChoices({ activeOnly: true }),
    onTrailByRoute(),
    recentCards(range, LIST_SIZE),
    namers(),
  ]);
  const perDayMap = new Map(issuedByDay.map((r) => [r.day!, r.count]));
  const statusMap = new Map(moved.map((r) => [r.dim!, r.count]));
  const agencies = top(issuedByAgency.filter((r) => r.agencyId).map((r) => ({ label: String(r.agencyId), value: r.count })));
  const agencyName = await name.agencies(agencies.map((a) => Number(a.label)));
  const busiest =
    top(
      issuedByRoute.map((r) => ({ label: name.route(r.routeId!), value: r.count })),
      1,
    )[0] ?? null;
  return {
    range,
    trekkers: {
      registered: issuedByDay.reduce((s, r) => s + r.count, 0),
      byStatus: CARD_STATUSES.map((s) => ({ label: s.name, value: statusMap.get(s.name) ?? 0 })).filter((s) => s.value > 0),
    },
    revenue: {
      totalPaisa: revenue.reduce((s, r) => s + r.amountPaisa, 0),
      byMethod: PAYMENT_METHODS.map((m) => ({ label: m.name, value: revenue.filter((r) => r.dim === String(m.id)).reduce((s, r) => s + r.amountPaisa, 0) })),
    },
    users: summary.users,
    routes: { active: activeRoutes.length, busiest },
    perDay: daysOf(range).map((day) => ({ label: day, value: perDayMap.get(day) ?? 0 })),
    topAgencies: agencies.map((a) => ({ label: agencyName(Number(a.label)), value: a.value })),
    topCountries: top(issuedByCountry.map((r) => ({ label: name.country(r.nationality!), value: r.count }))),
    onTrail: onTrail.map((r) => ({ label: name.route(r.routeId), value: r.count })),
    recent: recent.map((r) => ({
      trekkerId: r.trekkerId,
      fullName: r.fullName,
      country: name.country(r.nationality),
      cardNumber: r.cardNumber,
      routeName: r.routeName,
      issuedAt: r.issuedAt.toISOString(),
    })),
  };
}
