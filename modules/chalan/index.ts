// The chalan module's public entry for code that may run in the browser (no zod: ADR 0014).
export { chalanPermissions } from "./permissions";
export { ALL_ITEM_CODES, BOARD_CUSTOMER, CHALAN_MESSAGES, FIT_CUSTOMER, ITEM_CODES, checkpostCustomer, customerCodeOf, itemCodeOf, pushOutcome, rangesOf } from "./rules";
export type { ChalanRow, LineStatus, PushStatus } from "./rules";
