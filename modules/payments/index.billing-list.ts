// A narrow browser entry of the payments module (ADR 0016, 0029): the billing list alone.
export { billingList } from "./billing-list";
export { InvoiceVoids } from "./components/invoice-voids";
