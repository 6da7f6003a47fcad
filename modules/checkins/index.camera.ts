// A narrow browser entry of the check-ins module (ADR 0016): a page that imports it loads only this part.
export { CameraScanner, decodePhoto } from "./components/camera-scanner";
