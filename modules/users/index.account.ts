// A narrow browser entry of the users module (ADR 0016): a page that imports it loads only this part.
export { AccountRows, ProfileList } from "./components/account-rows";
export type { SessionListItem } from "./components/session-list";
export { SessionList } from "./components/session-list";
