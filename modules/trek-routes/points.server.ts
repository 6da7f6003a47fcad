import { RouteCheckpoint, TrekRoute } from "./models/trek-route.server";

/** A route with the places a trek can enter or leave it: start, checkpoints in order, end. */
export interface RoutePoints {
  id: number;
  name: string;
  status: string;
  points: string[];
}

/** For the registration form's trekking area and entry/exit point choices (one query each). */
export async function listRoutePoints(opts: { activeOnly?: boolean } = {}): Promise<RoutePoints[]> {
  const routes = await TrekRoute.findAll({
    where: opts.activeOnly ? { status: "Active" } : {},
    attributes: ["id", "name", "status", "startPoint", "endPoint"],
    order: [
      ["name", "ASC"],
      ["id", "ASC"],
    ],
  });
  if (!routes.length) return [];
  const checkpoints = await RouteCheckpoint.findAll({
    where: { routeId: routes.map((r) => r.id) },
    attributes: ["routeId", "name"],
    order: [
      ["routeId", "ASC"],
      ["position", "ASC"],
      ["id", "ASC"],
    ],
  });
  return routes.map((r) => {
    const names = checkpoints.filter((c) => c.routeId === r.id).map((c) => c.name);
    const points = [r.startPoint, ...names, r.endPoint].filter((p, i, all) => p && all.indexOf(p) === i);
    return { id: r.id, name: r.name, status: r.status, points };
  });
}

export async function findRoutePoints(id: number): Promise<RoutePoints | null> {
  if (!Number.isSafeInteger(id)) return null;
  return (await listRoutePoints()).find((r) => r.id === id) ?? null;
}
