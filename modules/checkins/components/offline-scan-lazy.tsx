import { lazy } from "react";

/**
 * The scan page's offline part, loaded on demand (React.lazy): a page without it, or before
 * hydration, loads none of it. The dynamic import stays inside the module so the page imports a
 * component from index.ui.ts rather than a whole entry's namespace (which esbuild cannot tree-shake).
 */
export const OfflineScan = lazy(() => import("../offline/offline-scan"));
