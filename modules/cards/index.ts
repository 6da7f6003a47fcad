// The cards module's public entry for code that may run in the browser (components, pure rules,
// schemas, types). Routes and other modules import only this and index.server.ts.
export type { CardView } from "./components/printable-card";
export type { CardMove, ReturnState, UnpaidStatus } from "./lifecycle";
export { CardActionError, actionsFor, isCardMove, mayAct, ruleOf } from "./lifecycle";
export { PrintButton } from "./components/print-button";
export { PrintableCard } from "./components/printable-card";
export { TrekkerPanel } from "./components/trekker-panel";
export { hasVisibleCard } from "./visibility";
export { CARD_SCOPES, mayListCards, mayOpenAnyCard, mayOpenPanels } from "./policy";
export type { TrekkerFilters, TrekkerItem } from "./trekker-lists";
export { AGENCY_FILTERS, cardNumberText, cardReturnsList, deletedTrekkersList, timsCardsList, trekkersList, trekkingHistoryList } from "./trekker-lists";
export type { ListMove, TrekkerRowAction } from "./row-actions";
export { LIST_MOVES, isListMove, registrationEditUrl, trekkerRowActions } from "./row-actions";
export { CardMoveForm, MOVE_TEXTS } from "./components/card-move-form";
