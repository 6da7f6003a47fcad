// A narrow browser entry of the agencies module (ADR 0016): a page that imports it loads only this part.
export { DocumentGroups } from "./components/document-groups";
