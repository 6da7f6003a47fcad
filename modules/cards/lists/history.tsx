import { Link } from "@remix-run/react";
import { displayDate } from "@lib/dates";
import { choiceFilter, defineList, filterObject } from "@lib/list/define";
import { area, id, trekker } from "./shared";
import { cardStatusValues, STATUS_OPTIONS } from "./card-statuses";

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
