// A narrow browser entry of the cards module (ADR 0016, 0029): the Trekkers list alone, so its page loads no other list.
export type { TrekkerFilters } from "./lists/trekkers";
export { AGENCY_FILTERS, trekkersList } from "./lists/trekkers";
