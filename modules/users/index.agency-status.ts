// A narrow browser entry of the users module (ADR 0016): the agency request statuses alone, for the
// agencies module's Requests list, which through index.ts loaded the users module's other rules (ADR 0036).
export type { AgencyRequestStatus } from "./agency-status";
export { AGENCY_REQUEST_STATUSES } from "./agency-status";
