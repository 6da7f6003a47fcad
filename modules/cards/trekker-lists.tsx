import { Link, useLocation } from "@remix-run/react";
import { displayDate } from "@lib/dates";
import { choiceFilter, dateFilter, defineList, idFilter, textFilter, type FilterOption, type ListColumn, filterObject, type FilterOutput } from "@lib/list/define";
import { CARD_STATUSES, REGIONS } from "@modules/lookups";
import type { ReturnState } from "./lifecycle";
import { registrationEditUrl, ROW_ACTION_LABELS, type TrekkerRowAction } from "./row-actions";

/**
 * The trekker lists, each declared once with the list kit (lib/list): Trekkers (spec 2 §2), Deleted
 * Trekkers, the Requests tab TIMS Card Return, TIMS Cards and Trekking History. All read the one
 * trekker search of the registration module through `trekkerListSource` (trekker-list-source.server.ts),
 * which applies the viewer's row scope.
 */

/** A trekker as the lists show it: the person, the trek and the card. */
export interface TrekkerItem {
  trekkerId: number;
  registrationId: number;
  fullName: string;
  routeName: string;
  cardNumber: number | null;
  /** SAARC, Others or Child (the spec's Regional). */
  regional: string;
  country: string;
  registeredAt: Date;
  /** The registering user's name: the agency, the free trekker or the checkpost (RegisterName). */
  agency: string;
  status: string;
  /** The card's issue, i.e. payment, date (PaymmentDate). */
  issuedAt: Date | null;
  entryDate: string;
  exitDate: string;
  returnState: ReturnState | null;
  deletedAt: Date | null;
  deleteRemarks: string | null;
  deletedBy: string;
  deletedIp: string | null;
  /** What this viewer may do with the row (page only; empty in exports). */
  actions: TrekkerRowAction[];
}

const STATUS_OPTIONS: FilterOption[] = CARD_STATUSES.map((s) => ({ value: s.name, label: s.name }));
const REGION_OPTIONS: FilterOption[] = REGIONS.map((r) => ({ value: String(r.id), label: r.name }));
/** Who registered the trek (the spec's agency type filter, registration types). */
const AGENCY_TYPE_OPTIONS: FilterOption[] = [
  { value: "2", label: "Trekking Agency" },
  { value: "1", label: "Free Individual Trekker" },
  { value: "5", label: "Checkpost" },
];
/** The trekkers the daily overdue job raised and nobody marked safe yet (modules/overdue). */
const OVERDUE_OPTIONS: FilterOption[] = [{ value: "1", label: "Overdue" }];
const cardStatusValues = CARD_STATUSES.map((s) => s.name) as [string, ...string[]];

/** "—" until the card has a number (spec 2 §2, TIMS Cards). */
export const cardNumberText = (n: number | null) => (n === null ? "—" : String(n));

const RETURN_LABELS: Record<ReturnState, string> = { requested: "Return requested", approved: "Return approved", rejected: "Return rejected" };

// Columns shared by several lists.
const trekker: ListColumn<TrekkerItem> = { key: "trekker", header: "Trekker", cell: (r) => r.fullName };
const id: ListColumn<TrekkerItem> = { key: "id", header: "Id", cell: (r) => r.registrationId };
const area: ListColumn<TrekkerItem> = { key: "area", header: "Trekking Area", cell: (r) => r.routeName };
const cardNumber: ListColumn<TrekkerItem> = { key: "card", header: "Card Number", cell: (r) => cardNumberText(r.cardNumber) };
const country: ListColumn<TrekkerItem> = { key: "country", header: "Country", cell: (r) => r.country };
const agency: ListColumn<TrekkerItem> = { key: "agency", header: "Agency", cell: (r) => r.agency };
const status: ListColumn<TrekkerItem> = { key: "status", header: "Card Status", cell: (r) => r.status };
const registered: ListColumn<TrekkerItem> = { key: "registered", header: "Registered Date", cell: (r) => displayDate(r.registeredAt), sort: "registered" };

export const trekkerFilters = filterObject({
  username: textFilter(),
  startDate: dateFilter(),
  endDate: dateFilter(),
  cardStatus: choiceFilter(cardStatusValues),
  country: idFilter(),
  region: choiceFilter(["1", "2", "5"]),
  trekkingArea: idFilter(),
  userAgencyType: choiceFilter(["1", "2", "5"]),
  userId: idFilter(),
  paymentStartDate: dateFilter(),
  paymentEndDate: dateFilter(),
  overdue: choiceFilter(["1"]),
});
export type TrekkerFilters = FilterOutput<typeof trekkerFilters>;

/** Filters of an agency's or checkpost's own list, which has no agency to choose. */
export const AGENCY_FILTERS = ["userId", "userAgencyType"] as const;

/** Trekkers (spec 2 §2): every role's list of trekkers; export TrekkersList. */
export const trekkersList = defineList({
  filters: trekkerFilters,
  fields: [
    { kind: "search", name: "username", label: "Search", placeholder: "Name, passport or card number" },
    { kind: "date", name: "startDate", label: "Registered from" },
    { kind: "date", name: "endDate", label: "Registered to" },
    { kind: "select", name: "cardStatus", label: "Card Status", options: STATUS_OPTIONS },
    { kind: "select", name: "country", label: "Country", options: "countries" },
    { kind: "select", name: "region", label: "Region", options: REGION_OPTIONS },
    { kind: "select", name: "trekkingArea", label: "Trekking Area", options: "routes" },
    { kind: "select", name: "userAgencyType", label: "Agency Type", options: AGENCY_TYPE_OPTIONS },
    { kind: "select", name: "userId", label: "Agency", options: "agencies" },
    { kind: "date", name: "paymentStartDate", label: "Paid from" },
    { kind: "date", name: "paymentEndDate", label: "Paid to" },
    { kind: "select", name: "overdue", label: "Trail", options: OVERDUE_OPTIONS },
  ],
  quickRange: { from: "startDate", to: "endDate" },
  sort: { keys: ["registered"], default: "-registered" },
  columns: [
    trekker,
    id,
    area,
    cardNumber,
    { key: "regional", header: "Regional Type", cell: (r) => r.regional },
    country,
    registered,
    agency,
    status,
    { key: "actions", header: "Actions", cell: (r) => <TrekkerRowActions row={r} />, className: "whitespace-nowrap" },
  ],
  csv: {
    fileName: "TrekkersList",
    columns: [
      { header: "Id", value: (r) => r.registrationId },
      { header: "Trekker", value: (r) => r.fullName },
      { header: "Trekking Area", value: (r) => r.routeName },
      { header: "Card Number", value: (r) => r.cardNumber },
      { header: "Regional Type", value: (r) => r.regional },
      { header: "Country", value: (r) => r.country },
      { header: "Registered Date", value: (r) => displayDate(r.registeredAt) },
      { header: "Agency", value: (r) => r.agency, key: "agency" },
      { header: "Card Status", value: (r) => r.status },
      { header: "Payment Date", value: (r) => displayDate(r.issuedAt) },
    ],
  },
});

/**
 * A row's actions as links: Pay/Edit open the registration; the others open a confirmation over
 * the list (a nested route), keeping the list's filters in the URL.
 */
export function TrekkerRowActions({ row }: { row: Pick<TrekkerItem, "trekkerId" | "registrationId" | "fullName" | "actions"> }) {
  const { search } = useLocation();
  if (!row.actions.length) return null;
  const href = (action: TrekkerRowAction) => {
    if (action === "pay" || action === "edit") return registrationEditUrl(row.registrationId);
    if (action === "generate") return `/trekkers/generate/${row.registrationId}${search}`;
    if (action === "markSafe") return `/trekkers/${row.trekkerId}/safe${search}`;
    return `/trekkers/${row.trekkerId}/${action}${search}`;
  };
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {row.actions.map((action) => (
        <li key={action}>
          <Link
            to={href(action)}
            preventScrollReset={action !== "pay" && action !== "edit"}
            aria-label={`${ROW_ACTION_LABELS[action]} ${row.fullName}`}
            className={action === "cancel" || action === "delete" || action === "rejectReturn" ? "text-red-700 hover:underline" : "text-blue-700 hover:underline"}
          >
            {ROW_ACTION_LABELS[action]}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export const deletedTrekkerFilters = filterObject({
  username: textFilter(),
  startDate: dateFilter(),
  endDate: dateFilter(),
  country: idFilter(),
  trekkingArea: idFilter(),
});

/** Deleted Trekkers (board): the records agencies deleted, with remarks, date, who and from where. */
export const deletedTrekkersList = defineList({
  filters: deletedTrekkerFilters,
  fields: [
    { kind: "search", name: "username", label: "Search", placeholder: "Name, passport or card number" },
    { kind: "date", name: "startDate", label: "Deleted from" },
    { kind: "date", name: "endDate", label: "Deleted to" },
    { kind: "select", name: "country", label: "Country", options: "countries" },
    { kind: "select", name: "trekkingArea", label: "Trekking Area", options: "routes" },
  ],
  quickRange: { from: "startDate", to: "endDate" },
  columns: [
    trekker,
    id,
    area,
    country,
    agency,
    status,
    { key: "remarks", header: "Remarks", cell: (r) => r.deleteRemarks ?? "" },
    { key: "deletedAt", header: "Deleted Date", cell: (r) => displayDate(r.deletedAt) },
    { key: "deletedBy", header: "Deleted By", cell: (r) => r.deletedBy },
    { key: "ip", header: "IP Address", cell: (r) => r.deletedIp ?? "" },
  ],
  csv: {
    fileName: "DeletedTrekkers",
    columns: [
      { header: "Id", value: (r) => r.registrationId },
      { header: "Trekker", value: (r) => r.fullName },
      { header: "Trekking Area", value: (r) => r.routeName },
      { header: "Country", value: (r) => r.country },
      { header: "Agency", value: (r) => r.agency },
      { header: "Card Status", value: (r) => r.status },
      { header: "Remarks", value: (r) => r.deleteRemarks },
      { header: "Deleted Date", value: (r) => displayDate(r.deletedAt) },
      { header: "Deleted By", value: (r) => r.deletedBy },
      { header: "IP Address", value: (r) => r.deletedIp },
    ],
  },
});

export const cardReturnFilters = filterObject({
  username: textFilter(),
  returnStatus: choiceFilter(["requested", "approved", "rejected"]),
  trekkingArea: idFilter(),
  startDate: dateFilter(),
  endDate: dateFilter(),
});

/** Requests > TIMS Card Return (board): returned cards; a row opens the card with the decision. */
export const cardReturnsList = defineList({
  filters: cardReturnFilters,
  fields: [
    { kind: "search", name: "username", label: "Search", placeholder: "Name, passport or card number" },
    {
      kind: "select",
      name: "returnStatus",
      label: "Status",
      options: (Object.keys(RETURN_LABELS) as ReturnState[]).map((value) => ({ value, label: RETURN_LABELS[value] })),
    },
    { kind: "select", name: "trekkingArea", label: "Registered Route", options: "routes" },
    { kind: "date", name: "startDate", label: "Registered from" },
    { kind: "date", name: "endDate", label: "Registered to" },
  ],
  quickRange: { from: "startDate", to: "endDate" },
  columns: [
    { key: "card", header: "Card Number", cell: (r) => cardNumberText(r.cardNumber) },
    trekker,
    { key: "route", header: "Registered Route", cell: (r) => r.routeName },
    { key: "registered", header: "Regd Date", cell: (r) => displayDate(r.registeredAt) },
    { key: "start", header: "Start Date", cell: (r) => displayDate(r.entryDate) },
    { key: "end", header: "End Date", cell: (r) => displayDate(r.exitDate) },
    { key: "status", header: "Status", cell: (r) => (r.returnState ? RETURN_LABELS[r.returnState] : r.status) },
  ],
  csv: {
    fileName: "CardReturns",
    columns: [
      { header: "Card Number", value: (r) => r.cardNumber },
      { header: "Trekker", value: (r) => r.fullName },
      { header: "Registered Route", value: (r) => r.routeName },
      { header: "Regd Date", value: (r) => displayDate(r.registeredAt) },
      { header: "Start Date", value: (r) => displayDate(r.entryDate) },
      { header: "End Date", value: (r) => displayDate(r.exitDate) },
      { header: "Status", value: (r) => (r.returnState ? RETURN_LABELS[r.returnState] : r.status) },
    ],
  },
});

export const timsCardFilters = filterObject({
  routename: textFilter(),
  cardStatus: choiceFilter(cardStatusValues),
});

/**
 * TIMS Cards (spec 2 §2): one's cards, Card Number opening the trekker; also the free trekker's
 * TIMS Card tab of the account views. The card number reads "—" until there is one.
 */
export const timsCardsList = defineList({
  filters: timsCardFilters,
  fields: [
    { kind: "search", name: "routename", label: "Search", placeholder: "Trekking route" },
    { kind: "select", name: "cardStatus", label: "Status", options: STATUS_OPTIONS },
  ],
  columns: [
    {
      key: "card",
      header: "Card Number",
      // The row's link: the name (for screen readers) tells rows without a number apart.
      cell: (r) => (
        <>
          {cardNumberText(r.cardNumber)}
          <span className="sr-only"> ({r.fullName})</span>
        </>
      ),
    },
    id,
    trekker,
    { key: "route", header: "Trekking Route", cell: (r) => r.routeName },
    { key: "registered", header: "Regd. Date", cell: (r) => displayDate(r.registeredAt) },
    { key: "status", header: "Status", cell: (r) => r.status },
  ],
  csv: {
    fileName: "TimsCards",
    columns: [
      { header: "Id", value: (r) => r.registrationId },
      { header: "Card Number", value: (r) => r.cardNumber },
      { header: "Trekker", value: (r) => r.fullName },
      { header: "Trekking Route", value: (r) => r.routeName },
      { header: "Regd. Date", value: (r) => displayDate(r.registeredAt) },
      { header: "Status", value: (r) => r.status },
    ],
  },
});

export const historyFilters = filterObject({ cardStatus: choiceFilter(cardStatusValues) });

/** Trekking History (spec 1 §2.8): a free trekker's treks, each trekker's card, Revisit. */
export const trekkingHistoryList = defineList({
  filters: historyFilters,
  fields: [{ kind: "select", name: "cardStatus", label: "Trek Status", options: STATUS_OPTIONS }],
  columns: [
    id,
    // A family's trekkers share one registration: the name tells their rows apart.
    trekker,
    area,
    { key: "date", header: "Trekking Date", cell: (r) => `${displayDate(r.entryDate)} - ${displayDate(r.exitDate)}` },
    {
      key: "card",
      header: "TIMS Card",
      cell: (r) => (
        <Link to={`/trekking-history/${r.trekkerId}`} className="text-blue-700 underline" aria-label={`View the TIMS card of ${r.fullName}`}>
          View
        </Link>
      ),
    },
    { key: "status", header: "Trek Status", cell: (r) => r.status },
    {
      key: "revisit",
      header: "Revisit",
      cell: (r) => (
        <Link to={`/new-register?regId=${r.registrationId}`} className="text-blue-700 underline" aria-label={`Revisit the trek of ${r.fullName}`}>
          Revisit
        </Link>
      ),
    },
  ],
  csv: {
    fileName: "TrekkingHistory",
    columns: [
      { header: "Id", value: (r) => r.registrationId },
      { header: "Trekker", value: (r) => r.fullName },
      { header: "Trekking Area", value: (r) => r.routeName },
      { header: "Trekking Date", value: (r) => `${displayDate(r.entryDate)} - ${displayDate(r.exitDate)}` },
      { header: "Card Number", value: (r) => r.cardNumber },
      { header: "Trek Status", value: (r) => r.status },
    ],
  },
});
