import type { LoaderFunctionArgs } from "@remix-run/node";
import { revocationList } from "@modules/cards/index.server";
import { requirePermission } from "~/utils/guards.server";

/** The revocation list the scan page keeps for offline checks (cancelled, returned, deleted cards). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "scan");
  return Response.json(await revocationList(), { headers: { "Cache-Control": "private, no-cache" } });
}
