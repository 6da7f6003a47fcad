// The trekker lists, one file each under lists/ (a page loads only its own, ADR 0029); all of them
// here for the server and the tests.
export type { TrekkerItem } from "./lists/shared";
export { cardNumberText } from "./card-number";
export { AGENCY_FILTERS, trekkerFilters, trekkersList, TrekkerRowActions, type TrekkerFilters } from "./lists/trekkers";
export { deletedTrekkerFilters, deletedTrekkersList } from "./lists/deleted";
export { cardReturnFilters, cardReturnsList } from "./lists/card-returns";
export { timsCardFilters, timsCardsList } from "./lists/tims-cards";
export { historyFilters, trekkingHistoryList } from "./lists/history";
