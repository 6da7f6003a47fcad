// The agencies module's light public entry for code that may run in the browser: rules, constants,
// labels, paths and types. Components and list declarations that pages share are in index.ui.ts;
// a piece one page uses sits beside it in app/components/ (ADR 0045).
// Routes and other modules import only the module's entries.
export { DOCUMENT_SLOTS } from "./documents";
export { canSeeAgencyDocuments } from "./policy";
