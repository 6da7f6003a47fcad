// The agencies module's public entry for server code (services, models stay private).
export { DOCUMENT_SLOTS, canSeeAgencyDocuments } from "./index";
export { DocumentGroups } from "./index.ui";
export { agencyRequestsList } from "./index.ui";
export { approveSchema, rejectSchema, remarkSchema, uploadDocumentsSchema } from "./index.schemas";
export type { AgencyRequestRow } from "./service.server";
export { NOT_AWAITING_REVIEW, addRemark, decideAgency, findDocument, getAgencyRequest, listAgencyRequests, submitDocuments } from "./service.server";
export { agenciesModule } from "./plugin.server";
