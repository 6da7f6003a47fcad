// The payments module's public entry for server code (services, models stay private).
export * from "./index";
export * from "./index.schemas";
export type { GatewayId, ReturnAction } from "./gateways/gateway-set.server";
export type { VoucherFilters, VoucherRow } from "./vouchers.server";
export { GatewayUnavailable, PaymentRefused, QR_VALID_MS, confirmGatewayReturn, qrPayment, startGatewayPayment, storedOutcome } from "./gateway-payments.server";
export type { QrPaymentView } from "./gateway-payments.server";
export { PaymentAttempt } from "./models/payment-records.server";
export { claimAttempt, settle } from "./settle.server";
export { decideVoucher, getVoucher, listVouchers, uploadVoucher, voucherFile, voucherListSource } from "./vouchers.server";
export { handleSimulatorRequest, simulatorView } from "./simulators/dispatch.server";
export { isGatewayId } from "./gateways/gateway-set.server";
export { paymentsModule } from "./plugin.server";
export { requireSimulator } from "./simulators/guard.server";
export { assertPaymentConfig, gatewayAvailable } from "./gateways/config.server";
export { gatewayBrowserOrigins } from "./gateways/origins.server";
export { ALREADY_REFUNDED, getRefund, listRefunds, markRefunded, type RefundRow } from "./refunds.server";
export { billIdOfRegistration, billListHidden, billListSource, getReceipt, type BillFilters } from "./bills.server";
export { receiptPdfResponse, renderReceiptPdf } from "./receipt-pdf.server";
