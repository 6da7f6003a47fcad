// A narrow browser entry of the payments module (ADR 0016): a page that imports it loads only this part.
export { GatewayForm, OnlineMethodButtons } from "./components/gateway-form";
export { QrPaymentPanel, type QrPanelData } from "./components/qr-payment";
