import { defineList, choiceFilter, filterObject } from "@lib/list/define";
import { cardStatusValues } from "./card-statuses";
import type { TrekkerItem } from "./shared";
import { displayDate } from "@lib/dates";
import { trekkingHistoryListView } from "./history";

/** The server's half of the list (ADR 0038): its filters' parsers and CSV columns, which the page never runs. */
export const historyFilters = filterObject({ cardStatus: choiceFilter(cardStatusValues) });

export const trekkingHistoryList = defineList<TrekkerItem, typeof historyFilters>({
  ...trekkingHistoryListView,
  filters: historyFilters,
  csv: {
    fileName: trekkingHistoryListView.csv.fileName,
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
