// The checkins module's light public entry for code that may run in the browser: rules, constants,
// labels, paths and types. Components and list declarations that pages share are in index.ui.ts;
// a piece one page uses sits beside it in app/components/ (ADR 0045).
// Routes and other modules import only the module's entries.
export { CHECKIN_MESSAGES, SCANNER_DELAY_MS, cardProblem } from "./rules";
export { METHOD_LABELS, checkLabel } from "./scan-labels";
export { checkinsPermissions } from "./permissions";
export { CARD_KEYS_PATH, REVOCATION_PATH, SCAN_MANIFEST_PATH, SCAN_SW_PATH, SCAN_SW_SCOPE, SCAN_SYNC_PATH } from "./offline/paths";
