// The payments module's light public entry for code that may run in the browser: rules, constants,
// labels, paths and types. Components and list declarations that pages share are in index.ui.ts;
// a piece one page uses sits beside it in app/components/ (ADR 0045).
// Routes and other modules import only the module's entries.
export type { PaymentTab } from "./methods";
export { GATEWAY_LABELS, GATEWAY_UNAVAILABLE, ONLINE_METHODS, PAYMENT_TABS, refundGatewayLabel } from "./methods";
export {
  REFUND_REASONS,
  REFUND_STATUSES,
  REFUND_STATUS_LABELS,
  RETURN_ACTIONS,
  VOUCHER_STATUSES,
  resultPageUrl,
  type RefundReason,
  type RefundStatus,
} from "./labels";
export { PAYMENT_METHOD_LABELS } from "./payment-medium";
export { RECEIPT_ISSUER, receiptFileName, receiptLineItem, registerAgencyLabel, seesAllBills, type BillRow, type Receipt } from "./billing";
export { amountInWords } from "./amount-words";
export type { SimDecision, SimView } from "./simulators/types";
export { voidRangeText, type InvoiceVoid } from "./invoice-numbers";
