// The check-ins module's public entry for code that may run in the browser.
export { CHECKIN_MESSAGES, METHOD_LABELS, SCANNER_DELAY_MS, cardProblem } from "./rules";
export { checkinsPermissions } from "./permissions";
export { CameraScanner, decodePhoto } from "./components/camera-scanner";
export type { CheckinItem } from "./checkin-lists";
export { scannedTrekkersList, selfScanTrekkersList } from "./checkin-lists";
