// A narrow browser entry of the cards module (ADR 0016): a page that imports it loads only this part.
export { PrintButton } from "./components/print-button";
export { EMERGENCY_CONTACTS, PrintableCard } from "./components/printable-card";
