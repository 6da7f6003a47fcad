// The payments module's lists together, for the server; a page imports its own list's entry (ADR 0029).
export { vouchersList } from "./vouchers-list";
export { billingList } from "./billing-list";
