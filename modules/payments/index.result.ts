// A narrow browser entry of the payments module (ADR 0016): the payment result page's own panel,
// without the payment step's forms.
export { RefundDuePanel } from "./components/refund-due-panel";
