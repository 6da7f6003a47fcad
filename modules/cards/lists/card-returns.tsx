import { displayDate } from "@lib/dates";
import { choiceFilter, dateFilter, defineList, idFilter, textFilter, filterObject } from "@lib/list/define";
import type { ReturnState } from "../lifecycle";
import { cardNumberText } from "../card-number";
import { trekker } from "./shared";

const RETURN_LABELS: Record<ReturnState, string> = { requested: "Return requested", approved: "Return approved", rejected: "Return rejected" };

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
