// A narrow browser entry of the check-ins module (ADR 0016): a page that imports it loads only this part.
export type { CheckinItem } from "./checkin-lists";
export { scannedTrekkersList, selfScanTrekkersList } from "./checkin-lists";
