// A narrow browser entry of the overdue module (ADR 0016): the dashboard block and the mark-safe form.
export { OverdueBlock, MarkSafeForm } from "./components/overdue-ui";
