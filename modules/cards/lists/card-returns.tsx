import { displayDate } from "@lib/dates";
import { useT } from "@lib/i18n/context";
import type { ListViewDefinition } from "@lib/list/define";
import type { ReturnState } from "../lifecycle";
import { cardNumberText } from "../card-number";
import { trekker } from "./shared";
import type { TrekkerItem } from "./shared";

/** A status in the page's language: lib/ui/table's Say would bring the table to every page of this module's entry. */
const Say = ({ text }: { text: string }) => <>{useT().t(text)}</>;

export const RETURN_LABELS: Record<ReturnState, string> = { requested: "Return requested", approved: "Return approved", rejected: "Return rejected" };

/** Requests > TIMS Card Return (board): returned cards; a row opens the card with the decision. */
export const cardReturnsListView: ListViewDefinition<TrekkerItem> = {
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
    { key: "status", header: "Status", cell: (r) => <Say text={r.returnState ? RETURN_LABELS[r.returnState] : r.status} /> },
  ],
  csv: { fileName: "CardReturns" },
};
