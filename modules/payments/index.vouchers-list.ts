// A narrow browser entry of the payments module (ADR 0016, 0029): the vouchers list alone.
export { vouchersList } from "./vouchers-list";
