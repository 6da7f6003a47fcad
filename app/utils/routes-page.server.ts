import { data } from "@remix-run/node";
import { parseWithZod } from "@lib/zod-form.server";
import { readForm } from "@lib/multipart.server";
import { routeInUse } from "~/composition.server";
import { deleteRoute, routeActionSchema, setRouteStatus } from "@modules/trek-routes/index.server";
import { withDomainErrors } from "./domain-error.server";
import { requirePermission } from "./guards.server";
import { redirectWithToast } from "./toast.server";

// The Routes page's (routes/route.tsx) row actions: Enable, and Delete and Disable once confirmed.
// Here rather than in the route because the action needs five server helpers and two modules, and
// each server import a page makes is an empty stub file in its scripts (ADR 0036).

/** The list with its filters: where a confirmation closes to, and where an action goes back. */
function listUrl(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("index");
  const rest = params.toString();
  return `/route${rest ? `?${rest}` : ""}`;
}

/** Guard, parse, change the route, and back to the list (with its filters) with a toast. */
export async function routesPageAction(request: Request) {
  await requirePermission(request, "routesAdd");
  const submission = parseWithZod(await readForm(request), { schema: routeActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { intent, routeId } = submission.value;
  const back = listUrl(new URL(request.url).search);
  if (intent === "delete") {
    return withDomainErrors(
      async () => {
        if (!(await deleteRoute(routeId, routeInUse))) return redirectWithToast(back, { type: "danger", message: "Route not found" });
        return redirectWithToast(back, { type: "success", message: "Route Deleted Successfully" });
      },
      { redirectTo: back, toastType: "danger" },
    );
  }
  const updated = await setRouteStatus(routeId, intent === "enable" ? "Active" : "Disable");
  if (!updated) return redirectWithToast(back, { type: "danger", message: "Route not found" });
  return redirectWithToast(back, { type: "success", message: "Route Status Updated" });
}
