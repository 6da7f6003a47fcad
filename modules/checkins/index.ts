// The check-ins module's light public entry for code that may run in the browser. The camera
// and the lists have narrow entries (index.camera.ts, index.lists.ts; ADR 0016).
export { CHECKIN_MESSAGES, METHOD_LABELS, SCANNER_DELAY_MS, cardProblem } from "./rules";
export { checkinsPermissions } from "./permissions";
