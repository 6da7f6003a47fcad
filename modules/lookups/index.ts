// The lookups module's public entry for code that may run in the browser (components, pure rules,
// schemas, types). Routes and other modules import only this and index.server.ts.
export { CARD_STATUSES, NEPAL_ID, PAYMENT_METHODS, PROVINCES, REGIONS, USER_TYPES, VOUCHER_PAYMENT_METHOD } from "./data/reference";
