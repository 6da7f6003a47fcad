// A narrow browser entry of the cards module (ADR 0016): a page that imports it loads only this part.
export { TrekkerPanel } from "./components/trekker-panel";
