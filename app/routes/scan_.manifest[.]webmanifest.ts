import { scanManifest } from "@modules/checkins/index.server";

/** The web app manifest that makes /scan installable (fetched without cookies, so public). */
export function loader() {
  return new Response(JSON.stringify(scanManifest()), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}
