// A narrow browser entry of the check-ins module (ADR 0016): a page that imports it loads only this part.
export { CameraScanner, decodePhoto } from "./components/camera-scanner";
// The offline part's box as it first shows, drawn by the page until that part has loaded.
export { OFFLINE_STARTING, OfflineFrame } from "./components/offline-frame";
