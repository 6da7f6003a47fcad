// The cards module's trekker lists together, for the server (exports, sources) and tests. A page
// imports its own list's entry (index.trekkers-list.ts, …) so it loads no other list (ADR 0029).
export type { TrekkerItem } from "./trekker-lists";
export { AGENCY_FILTERS, cardNumberText, cardReturnsList, deletedTrekkersList, timsCardsList, trekkingHistoryList } from "./trekker-lists";
