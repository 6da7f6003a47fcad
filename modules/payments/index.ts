// The payments module's light public entry for code that may run in the browser (labels, methods,
// types). Components and the voucher list have narrow entries (index.pay.ts, index.sim.ts,
// index.lists.ts; ADR 0016). Routes and other modules import only this and index.server.ts.
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
