// The checkins module's entry for pages: the components and list declarations more than one page (or
// the module's own server code) uses. esbuild gives a page every file this entry re-exports that any
// page uses, so a piece one page uses lives beside it in app/components/ instead (ADR 0045).
export type { CheckinItem } from "./checkin-lists";
export { checkinListView } from "./checkin-lists";
export { CheckLabel } from "./components/check-label";
export { OFFLINE_STARTING, OfflineFrame } from "./components/offline-frame";
export { loadOfflineScan } from "./offline/load";
export type { OfflineHandler } from "./offline/offline-scan";
export { loadQrReader, readCanvas } from "./components/qr-reader";
