// A narrow browser entry of the cards module (ADR 0016, 0029): the Trekkers list's page half alone
// (ADR 0038), so its page loads no other list; the loader takes `trekkersList` from index.server.
export { AGENCY_FILTERS, trekkersListView } from "./lists/trekkers";
