// The check-ins module's light public entry for code that may run in the browser. The camera
// and the lists have narrow entries (index.camera.ts, index.lists.ts; ADR 0016).
export { CHECKIN_MESSAGES, SCANNER_DELAY_MS, cardProblem } from "./rules";
export { METHOD_LABELS, checkLabel } from "./scan-labels";
export { checkinsPermissions } from "./permissions";
export { CARD_KEYS_PATH, REVOCATION_PATH, SCAN_MANIFEST_PATH, SCAN_SW_PATH, SCAN_SW_SCOPE, SCAN_SYNC_PATH } from "./offline/paths";
