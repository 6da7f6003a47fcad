// A narrow browser entry of the cards module (ADR 0016): a page that imports it loads only this part.
export type { TrekkerFilters, TrekkerItem } from "./trekker-lists";
export { AGENCY_FILTERS, cardNumberText, cardReturnsList, deletedTrekkersList, timsCardsList, trekkersList, trekkingHistoryList } from "./trekker-lists";
