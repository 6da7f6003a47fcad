import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export const handle = { title: "Notifications" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "notifications");
  return null;
}

// Nothing produces notifications yet; the list arrives with the notifications module.
export default function Notifications() {
  return <p className="rounded bg-white p-6 text-center text-slate-500 shadow-sm">No notifications found</p>;
}
