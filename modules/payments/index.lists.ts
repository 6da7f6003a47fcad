// A narrow browser entry of the payments module (ADR 0016): a page that imports it loads only this part.
export { vouchersList } from "./vouchers-list";
export { billingList } from "./billing-list";
