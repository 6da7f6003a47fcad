// The checkins module's entry for React pages: components and list declarations (modules/checkins/README.md).
export { CameraScanner, decodePhoto } from "./components/camera-scanner";
export { OFFLINE_STARTING, OfflineFrame } from "./components/offline-frame";
export { type CheckinItem, scannedTrekkersList, selfScanTrekkersList } from "./checkin-lists";
export { OfflineScan } from "./components/offline-scan-lazy";
export type { OfflineHandler } from "./offline/offline-scan";
