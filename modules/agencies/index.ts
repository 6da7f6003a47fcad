// The agencies module's public entry for code that may run in the browser (components, pure rules,
// schemas, types). Routes and other modules import only this and index.server.ts.
export { DOCUMENT_SLOTS } from "./documents";
export { DocumentGroups } from "./components/document-groups";
export { canSeeAgencyDocuments } from "./policy";
export { agencyRequestsList } from "./requests-list";
