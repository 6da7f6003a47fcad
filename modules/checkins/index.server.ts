// The check-ins module's public entry for server code (the model stays private).
export * from "./index";
export * from "./index.camera";
export * from "./index.lists";
export * from "./index.schemas";
export type { CheckinListener, CheckinOutcome, CheckinView, RecordedCheckin, OfflineScan, OfflineScanResult, ScanInput, SelfCheckinCard, SelfCheckinOptions } from "./service.server";
export { TooManySelfCheckinsError, selfCheckinThrottle } from "./self-checkin-throttle.server";
export { CheckinInputError, checkinsOf, checkpostPlaceName, hasScanned, onCheckinRecorded, offlineScanTime, scanCard, selfCheckin, selfCheckinCard, syncOfflineScans, trailsOf, trekkersWithCheckins } from "./service.server";
export { checkinsModule } from "./plugin.server";
export { scannedTrekkerSource, selfScanSource } from "./list-sources.server";
export { serviceWorkerSource } from "./offline/service-worker.server";
export { scanManifest } from "./offline/manifest.server";
