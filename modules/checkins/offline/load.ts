/**
 * The scan page's offline part, loaded on demand (React.lazy) so a page without it, or the scan
 * page before hydration, loads none of it. A dynamic import is its own chunk: pages that import
 * index.ui.ts for the check-in lists do not reach the offline code through this file.
 */
export const loadOfflineScan = () => import("./offline-scan");
