// The cards module's light public entry for code that may run in the browser: pure rules,
// policies and types. Components and list declarations have their own narrow entries
// (one per trekker list, index.card.ts, index.panel.ts, index.move.ts; ADR 0016 and 0029), so a page loads only
// the parts it uses. Routes and other modules import only these and index.server.ts.
export type { CardView } from "./components/printable-card";
export type { CardMove, ReturnState, UnpaidStatus } from "./lifecycle";
export { CardActionError, actionsFor, isCardMove, isExpired, mayAct, ruleOf } from "./lifecycle";
export { hasVisibleCard } from "./visibility";
export { CARD_SCOPES, mayListCards, mayOpenAnyCard, mayOpenPanels } from "./policy";
export type { ListMove, TrekkerRowAction } from "./row-actions";
export { LIST_MOVES, isListMove, trekkerRowActions } from "./row-actions";
export { cardNumberText } from "./card-number";
