import type { ListSource } from "@lib/list/list.server";
import { modelListSource } from "@lib/list/model-source.server";
import { TrekRoute } from "./models/trek-route.server";
import { nameFilter, toRow, type RouteRow } from "./service.server";

/** The Routes list (spec 2 §2) for the list kit: by name (then id), searched by name. */
export function routeListSource(): ListSource<RouteRow, { name?: string }> {
  return modelListSource({
    model: TrekRoute,
    where: (f) => nameFilter(f.name),
    keys: (sort) => [
      { column: "name", desc: sort.desc },
      { column: "id", desc: sort.desc },
    ],
    cursor: (r) => [r.name, r.id],
    rows: (routes) => routes.map(toRow),
    attributes: ["id", "name", "provinceId", "startPoint", "endPoint", "status"],
  });
}
