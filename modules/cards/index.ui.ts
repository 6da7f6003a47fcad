// The cards module's entry for React pages: components and list declarations (modules/cards/README.md).
export { PrintButton } from "./components/print-button";
export { PrintableCard } from "./components/printable-card";
export { deletedTrekkersList } from "./lists/deleted";
export { trekkingHistoryList } from "./lists/history";
export { CardMoveForm, MOVE_TEXTS } from "./components/card-move-form";
export { TrekkerPanel } from "./components/trekker-panel";
export { cardReturnsList } from "./lists/card-returns";
export { timsCardsList } from "./lists/tims-cards";
export { AGENCY_FILTERS, trekkersListView } from "./lists/trekkers";
export type { TrekkerItem } from "./lists/shared";
