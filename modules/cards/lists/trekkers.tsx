import { Link, useLocation } from "@remix-run/react";
import type { FilterOption, ListViewDefinition } from "@lib/list/define";
import type { TrekkerRowAction } from "../row-actions";
import { useT } from "@lib/i18n/context";
import { Say } from "@lib/ui/table";
import { agency, area, cardNumber, country, id, registered, status, trekker, type TrekkerItem } from "./shared";

/** Who registered the trek (the spec's agency type filter, registration types). */
const AGENCY_TYPE_OPTIONS: FilterOption[] = [
  { value: "2", label: "Trekking Agency" },
  { value: "1", label: "Free Individual Trekker" },
  { value: "5", label: "Checkpost" },
];
/** The trekkers the daily overdue job raised and nobody marked safe yet (modules/overdue). */
const OVERDUE_OPTIONS: FilterOption[] = [{ value: "1", label: "Overdue" }];
/** Filters of an agency's or checkpost's own list, which has no agency to choose. */
export const AGENCY_FILTERS = ["userId", "userAgencyType"] as const;

/**
 * Trekkers (spec 2 §2): every role's list of trekkers; export TrekkersList. The page's half only
 * (ADR 0038): its filters' parsers and CSV columns are in trekkers.server.ts, and the card status
 * and region choices come from the loader, so the page loads no lookup table.
 */
export const trekkersListView: ListViewDefinition<TrekkerItem> = {
  fields: [
    { kind: "search", name: "username", label: "Search", placeholder: "Name, passport or card number" },
    { kind: "date", name: "startDate", label: "Registered from" },
    { kind: "date", name: "endDate", label: "Registered to" },
    { kind: "select", name: "cardStatus", label: "Card Status", options: "cardStatuses" },
    { kind: "select", name: "country", label: "Country", options: "countries" },
    { kind: "select", name: "region", label: "Region", options: "regions" },
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
    { key: "regional", header: "Regional Type", cell: (r) => <Say text={r.regional} /> },
    country,
    registered,
    agency,
    status,
    { key: "actions", header: "Actions", cell: (r) => <TrekkerRowActions row={r} />, className: "whitespace-nowrap" },
  ],
  csv: { fileName: "TrekkersList" },
};

// The row actions' words and the registration link live with the component that shows them:
// row-actions.ts decides which actions a row has (on the server, from the registration's policy).
const ROW_ACTION_LABELS: Record<TrekkerRowAction, string> = {
  pay: "Pay",
  edit: "Edit",
  generate: "Generate Card",
  cancel: "Cancel",
  delete: "Delete",
  approveReturn: "Approve",
  rejectReturn: "Reject",
  // An overdue trekker (modules/overdue): offered when the list's overdue hook says so.
  markSafe: "Mark Safe",
};

/** Pay and Edit open the registration page with regId and isPayment=1 (spec 2 §2). */
function registrationEditUrl(registrationId: number): string {
  return `/new-register?regId=${registrationId}&isPayment=1`;
}

/**
 * A row's actions as links: Pay/Edit open the registration; the others open a confirmation over
 * the list (a nested route), keeping the list's filters in the URL.
 */
export function TrekkerRowActions({ row }: { row: Pick<TrekkerItem, "trekkerId" | "registrationId" | "fullName" | "actions"> }) {
  const { search } = useLocation();
  const { t } = useT();
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
            aria-label={`${t(ROW_ACTION_LABELS[action])} ${row.fullName}`}
            className={
              action === "cancel" || action === "delete" || action === "rejectReturn" ? "text-red-700 hover:underline" : "text-blue-700 hover:underline"
            }
          >
            {t(ROW_ACTION_LABELS[action])}
          </Link>
        </li>
      ))}
    </ul>
  );
}
