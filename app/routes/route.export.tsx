import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { exportListFile } from "~/utils/list.server";
import { routesList } from "@modules/trek-routes/index.ui";
import { routeListSource } from "@modules/trek-routes/index.server";

/** The routes list as CSV (file RoutesList.csv, spec 2 §9), with the list's search and sort. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "routes");
  return exportListFile(routesList, request, routeListSource);
}
