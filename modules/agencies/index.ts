// The agencies module's light public entry for code that may run in the browser (document slots,
// policy). Components and the requests list have narrow entries (index.documents.ts,
// index.lists.ts; ADR 0016). Routes and other modules import only this and index.server.ts.
export { DOCUMENT_SLOTS } from "./documents";
export { canSeeAgencyDocuments } from "./policy";
