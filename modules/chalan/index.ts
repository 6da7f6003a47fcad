// The chalan module's public entry for code that may run in the browser (no zod: ADR 0014).
export { chalanPermissions } from "./permissions";
export { ALL_ITEM_CODES, ITEM_CODES } from "./item-codes";
export { BOARD_CUSTOMER, CHALAN_MESSAGES, FIT_CUSTOMER, checkpostCustomer, customerCodeOf, itemCodeOf, pushOutcome, rangesOf } from "./rules";
export type { ChalanRow, LineStatus, PushStatus } from "./rules";
