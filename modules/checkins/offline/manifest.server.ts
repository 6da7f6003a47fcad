/** The web app manifest of the checkpost scanner: /scan installs as its own app (docs/adr/0022-offline-checkpost.md). */
export function scanManifest() {
  return {
    name: "TIMS Checkpost Scanner",
    short_name: "TIMS Scan",
    description: "Scan trekkers' TIMS cards at a checkpost, with or without a connection.",
    id: "/scan",
    start_url: "/scan",
    scope: "/scan",
    display: "standalone",
    background_color: "#f8fafc",
    theme_color: "#1d4ed8",
    icons: [
      { src: "/scan-icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/scan-icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    ],
  };
}
