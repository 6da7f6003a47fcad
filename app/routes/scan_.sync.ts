import type { ActionFunctionArgs } from "@remix-run/node";
import { clientAddress } from "@lib/client-address.server";
import { readText } from "@lib/multipart.server";
import { requirePermission } from "~/utils/guards.server";
import { offlineSyncSchema, syncOfflineScans } from "@modules/checkins/index.server";

/**
 * The scan page sends the check-ins it kept offline here, as JSON, with the checkpost's session:
 * each is recorded once (its client id) and answered one by one (docs/adr/0022-offline-checkpost.md).
 */
/** A hundred scans of at most 2000 characters each, with room for the rest. */
const SYNC_MAX_BYTES = 256 * 1024;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, "scan");
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  // Past the limit readText throws a 413.
  const text = await readText(request, SYNC_MAX_BYTES);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const parsed = offlineSyncSchema.safeParse(body);
  if (!parsed.success)
    return Response.json({ error: "Expected { scannerId, checkins: [{ clientId, qr, method, scannedAt }] } (at most 100)" }, { status: 400 });
  if (parsed.data.scannerId !== user.id)
    return Response.json({ error: "These scans were made by another account; sign in as that account to send them." }, { status: 409 });
  const results = await syncOfflineScans(user, parsed.data.checkins, { ip: clientAddress(context) });
  return Response.json({ results }, { headers: { "Cache-Control": "no-store" } });
}
