// The payments module's public entry for server code (services, models stay private).
export {
  type PaymentTab,
  GATEWAY_LABELS,
  GATEWAY_UNAVAILABLE,
  ONLINE_METHODS,
  PAYMENT_TABS,
  refundGatewayLabel,
  REFUND_REASONS,
  REFUND_STATUSES,
  REFUND_STATUS_LABELS,
  RETURN_ACTIONS,
  VOUCHER_STATUSES,
  resultPageUrl,
  type RefundReason,
  type RefundStatus,
  PAYMENT_METHOD_LABELS,
  RECEIPT_ISSUER,
  receiptFileName,
  receiptLineItem,
  registerAgencyLabel,
  seesAllBills,
  type BillRow,
  type Receipt,
  amountInWords,
} from "./index";
export { vouchersList } from "./index.ui";
export { billingList } from "./index.ui";
export type { SimDecision } from "./index";
export { paymentReturnParams, paymentStepSchema, voucherDecisionSchema, markRefundedSchema, refundListParams } from "./index.schemas";
export type { GatewayId, ReturnAction } from "./gateways/gateway-set.server";
export type { VoucherFilters, VoucherRow } from "./vouchers.server";
export { qrImageDataUrl } from "./qr-image.server";
export {
  GatewayUnavailable,
  PaymentRefused,
  QR_VALID_MS,
  confirmGatewayReturn,
  paymentTxnIdFromReturn,
  qrPayment,
  recheckAttempt,
  startGatewayPayment,
  storedOutcome,
} from "./gateway-payments.server";
export type { QrPaymentView } from "./gateway-payments.server";
export { PaymentAttempt } from "./models/payment-records.server";
export { claimAttempt, settle } from "./settle.server";
export { decideVoucher, getVoucher, listVouchers, markVoucherRefundDue, uploadVoucher, voucherFile, voucherListSource } from "./vouchers.server";
export { handleSimulatorRequest, simulatorView } from "./simulators/dispatch.server";
// Plays the payer's browser through a simulator page (tests: the model-based tests, issue 25).
export { runSimulatedPayment, type SimulatedReturn } from "./simulators/harness.server";
export { reconcilePayments } from "./reconcile.server";
export { isGatewayId } from "./gateways/gateway-set.server";
export { GATEWAY_METHOD_ID } from "./gateways/types";
export { paymentsModule } from "./plugin.server";
export { requireSimulator } from "./simulators/guard.server";
export { assertPaymentConfig, gatewayAvailable } from "./gateways/config.server";
export { gatewayBrowserOrigins } from "./gateways/origins.server";
export {
  ALREADY_REFUNDED,
  billingRefunds,
  getRefund,
  listRefunds,
  markRefunded,
  refundsDueSummary,
  refundsOfRegistration,
  type RefundRow,
} from "./refunds.server";
export { billIdOfRegistration, billListHidden, billListSource, getReceipt, ownPaymentRecords, type BillFilters } from "./bills.server";
export { receiptBodyHtml, receiptPdfResponse, renderReceiptPdf } from "./receipt-pdf.server";
export { refundedSaleRegistrations, saleStates, type SaleState } from "./sale-facts.server";
export { billingNotices, type BillingNotices } from "./billing-notices.server";
export { allocateInvoiceNumber, checkInvoiceNumbers, invoiceVoids, type InvoiceNumberCheck } from "./invoice-counter.server";
export { invoiceNumberFor, invoiceSequenceOf, type InvoiceVoid } from "./invoice-numbers";
