// The agencies module's entry for React pages: components and list declarations (modules/agencies/README.md).
export { DocumentGroups } from "./components/document-groups";
export { agencyRequestsList } from "./requests-list";
