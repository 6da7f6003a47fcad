// The check-ins module's public entry for server code (the model stays private).
export * from "./index";
export * from "./index.camera";
export * from "./index.lists";
export * from "./index.schemas";
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
