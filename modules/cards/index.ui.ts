// The cards module's entry for pages: the components and list declarations more than one page (or
// the module's own server code) uses. esbuild gives a page every file this entry re-exports that any
// page uses, so a piece one page uses lives beside it in app/components/ instead (ADR 0045).
export { deletedTrekkersListView } from "./lists/deleted";
export { trekkingHistoryListView } from "./lists/history";
export { cardReturnsListView } from "./lists/card-returns";
export { timsCardsListView } from "./lists/tims-cards";
export { AGENCY_FILTERS, trekkersListView } from "./lists/trekkers";
