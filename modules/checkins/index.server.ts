// The check-ins module's public entry for server code (the model stays private).
export {
  CHECKIN_MESSAGES,
  SCANNER_DELAY_MS,
  cardProblem,
  METHOD_LABELS,
  checkLabel,
  checkinsPermissions,
  CARD_KEYS_PATH,
  REVOCATION_PATH,
  SCAN_MANIFEST_PATH,
  SCAN_SW_PATH,
  SCAN_SW_SCOPE,
  SCAN_SYNC_PATH,
} from "./index";
export { OFFLINE_STARTING, OfflineFrame } from "./index.ui";
export type { CheckinItem } from "./checkin-lists";
export { scannedTrekkersList, selfScanTrekkersList } from "./checkin-lists.server";
export { offlineSyncSchema, scanSchema, selfCheckSchema, selfCheckinSchema } from "./index.schemas";
export type { CheckinListener, CheckinOutcome, RecordedCheckin, ScanInput, SelfCheckinCard, SelfCheckinOptions } from "./service.server";
export type { CheckinView } from "./readers.server";
export type { OfflineScan, OfflineScanResult } from "./offline-sync.server";
export { TooManySelfCheckinsError, selfCheckinThrottle } from "./self-checkin-throttle.server";
export { TooManyWrongPassportsError, passportGuessLimiter, type PassportGuessLimiter } from "./passport-guesses.server";
export { CheckinInputError, checkpostPlaceName, onCheckinRecorded, scanCard, selfCheckin, selfCheckinCard } from "./service.server";
export { checkinsOf, hasScanned, trailsOf, trekkersWithCheckins } from "./readers.server";
export { offlineScanTime, syncOfflineScans } from "./offline-sync.server";
export { checkinsModule } from "./plugin.server";
export { scannedTrekkerSource, selfScanSource } from "./list-sources.server";
export { serviceWorkerSource } from "./offline/service-worker.server";
export { scanManifest } from "./offline/manifest.server";
