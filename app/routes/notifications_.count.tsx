import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { countUnread } from "@modules/notifications/index.server";

/** The bell's unread count as JSON, for its live update with JavaScript (a resource route). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "notifications");
  return Response.json({ unread: await countUnread(user.id) }, { headers: { "Cache-Control": "private, no-store" } });
}
