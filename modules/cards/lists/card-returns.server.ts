import { defineList, choiceFilter, dateFilter, idFilter, textFilter, filterObject } from "@lib/list/define";
import type { TrekkerItem } from "./shared";
import { displayDate } from "@lib/dates";
import { cardReturnsListView, RETURN_LABELS } from "./card-returns";

/** The server's half of the list (ADR 0038): its filters' parsers and CSV columns, which the page never runs. */
export const cardReturnFilters = filterObject({
  username: textFilter(),
  returnStatus: choiceFilter(["requested", "approved", "rejected"]),
  trekkingArea: idFilter(),
  startDate: dateFilter(),
  endDate: dateFilter(),
});

export const cardReturnsList = defineList<TrekkerItem, typeof cardReturnFilters>({
  ...cardReturnsListView,
  filters: cardReturnFilters,
  csv: {
    fileName: cardReturnsListView.csv.fileName,
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
