import { displayDate } from "@lib/dates";
import type { ListViewDefinition } from "@lib/list/define";
import { cardNumberText } from "../card-number";
import { Say } from "@lib/ui/table";
import { id, trekker } from "./shared";
import type { TrekkerItem } from "./shared";
import { STATUS_OPTIONS } from "./card-statuses";

/**
 * TIMS Cards (spec 2 §2): one's cards, Card Number opening the trekker; also the free trekker's
 * TIMS Card tab of the account views. The card number reads "—" until there is one.
 */
export const timsCardsListView: ListViewDefinition<TrekkerItem> = {
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
    { key: "status", header: "Status", cell: (r) => <Say text={r.status} /> },
  ],
  csv: { fileName: "TimsCards" },
};
