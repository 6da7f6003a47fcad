import { defineList, choiceFilter, textFilter, filterObject } from "@lib/list/define";
import { cardStatusValues } from "./card-statuses";
import type { TrekkerItem } from "./shared";
import { displayDate } from "@lib/dates";
import { timsCardsListView } from "./tims-cards";

/** The server's half of the list (ADR 0038): its filters' parsers and CSV columns, which the page never runs. */
export const timsCardFilters = filterObject({
  routename: textFilter(),
  cardStatus: choiceFilter(cardStatusValues),
});

export const timsCardsList = defineList<TrekkerItem, typeof timsCardFilters>({
  ...timsCardsListView,
  filters: timsCardFilters,
  csv: {
    fileName: timsCardsListView.csv.fileName,
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
