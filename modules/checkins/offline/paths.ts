// Where the scan page's offline parts live (docs/adr/0022-offline-checkpost.md).
export const SCAN_SW_PATH = "/scan-sw.js";
export const SCAN_SW_SCOPE = "/scan";
export const CARD_KEYS_PATH = "/.well-known/tims-card-keys.json";
export const REVOCATION_PATH = "/scan/revoked.json";
export const SCAN_MANIFEST_PATH = "/scan/manifest.webmanifest";
export const SCAN_SYNC_PATH = "/scan/sync";
