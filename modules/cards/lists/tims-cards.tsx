import { displayDate } from "@lib/dates";
import { choiceFilter, defineList, textFilter, filterObject } from "@lib/list/define";
import { cardNumberText } from "../card-number";
import { id, trekker } from "./shared";
import { cardStatusValues, STATUS_OPTIONS } from "./card-statuses";

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
