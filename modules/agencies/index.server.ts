// The agencies module's public entry for server code (services, models stay private).
export * from "./index";
export * from "./index.documents";
export * from "./index.lists";
export * from "./index.schemas";
export type { AgencyRequestRow } from "./service.server";
export { NOT_AWAITING_REVIEW, addRemark, decideAgency, findDocument, getAgencyRequest, listAgencyRequests, submitDocuments } from "./service.server";
export { agenciesModule } from "./plugin.server";
