// A narrow browser entry of the check-ins module (ADR 0016): the scan page's offline part, loaded
// lazily (React.lazy) so that a page without it — or before hydration — loads none of it.
export { default } from "./offline/offline-scan";
export type { OfflineHandler } from "./offline/offline-scan";
