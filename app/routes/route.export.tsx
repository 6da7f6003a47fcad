import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse, paged } from "~/utils/csv.server";
import { requirePermission } from "~/utils/guards.server";
import { listLookup } from "@modules/lookups/service.server";
import { findRouteRows, type RouteRow } from "@modules/trek-routes/service.server";

/** The routes list as CSV (file RoutesList.csv, spec 2 §9), honouring the list's name search. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "routes");
  const name = new URL(request.url).searchParams.get("name")?.trim() ?? "";
  const provinces = new Map((await listLookup("provinces")).map((p) => [Number(p.id), p.name]));
  const rows = paged((offset, limit) => findRouteRows({ name, offset, limit }));
  return csvResponse<RouteRow>(
    "RoutesList",
    [
      { header: "Route Id", value: (r) => r.id },
      { header: "Route Name", value: (r) => r.name },
      { header: "Province", value: (r) => provinces.get(r.provinceId) ?? "" },
      { header: "Start Point", value: (r) => r.startPoint },
      { header: "End Point", value: (r) => r.endPoint },
      { header: "Status", value: (r) => r.status },
    ],
    rows,
  );
}
