// The payments module's entry for React pages: components and list declarations (modules/payments/README.md).
export { GatewayForm, OnlineMethodButtons } from "./components/gateway-form";
export { QrPaymentPanel, type QrPanelData } from "./components/qr-payment";
export { ReceiptDocument } from "./components/receipt";
export { RefundDuePanel } from "./components/refund-due-panel";
export { SimulatorPage } from "./simulators/sim-page";
export type { SimDecision } from "./simulators/types";
export { vouchersList } from "./vouchers-list";
export { billingList } from "./billing-list";
export { InvoiceVoids } from "./components/invoice-voids";
