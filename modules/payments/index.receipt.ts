// A narrow browser entry of the payments module (ADR 0016): the receipt, for the Receipt Details panel.
export { ReceiptDocument } from "./components/receipt";
