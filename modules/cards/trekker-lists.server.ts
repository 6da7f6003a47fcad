// The trekker lists, one file each under lists/ (a page loads only its own, ADR 0029); all of them
// here for the server and the tests (the Trekkers list's server half is trekkers.server.ts, ADR 0038).
export type { TrekkerItem } from "./lists/shared";
export { cardNumberText } from "./card-number";
export { AGENCY_FILTERS, TrekkerRowActions } from "./lists/trekkers";
export { deletedTrekkerFilters, deletedTrekkersList } from "./lists/deleted.server";
export { cardReturnFilters, cardReturnsList } from "./lists/card-returns.server";
export { timsCardFilters, timsCardsList } from "./lists/tims-cards.server";
export { historyFilters, trekkingHistoryList } from "./lists/history.server";
