// The cards module's light public entry for code that may run in the browser: rules, constants,
// labels, paths and types. Components and list declarations that pages share are in index.ui.ts;
// a piece one page uses sits beside it in app/components/ (ADR 0045). One narrow browser entry stays, index.card.ts (the printable card): ADR 0045.
// Routes and other modules import only the module's entries.
export type { CardView } from "./components/printable-card";
export type { CardMove, ReturnState, UnpaidStatus } from "./lifecycle";
export { CARD_MOVES, CardActionError, actionsFor, isCardMove, isExpired, mayAct, ruleOf } from "./lifecycle";
export { hasVisibleCard } from "./visibility";
export { CARD_SCOPES, mayListCards, mayOpenAnyCard, mayOpenPanels } from "./policy";
export type { ListMove, TrekkerRowAction } from "./row-actions";
export { LIST_MOVES, isListMove, trekkerRowActions } from "./row-actions";
export { cardNumberText } from "./card-number";
export type { CardQrClaims, ParsedCardQr } from "./card-qr";
export { CARD_QR_MAX_BYTES, CARD_QR_PREFIX, composeCardQr, isCardQr, parseCardQr } from "./card-qr";
