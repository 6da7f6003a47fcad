// A narrow browser entry of the API module (ADR 0016): the board's device page parts.
export { DeviceTable, IssueDeviceForm, IssuedToken } from "./components/devices";
