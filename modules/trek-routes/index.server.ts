// The trek-routes module's public entry for server code (services, models stay private).
export { registerTrekUrl, routeDetailUrl, routeEditUrl, routeImageUrl, ROUTE_SCOPES, canManageRoutes, canRegisterOnRoute } from "./index";
export { DescriptionHtml } from "./index.ui";
export { routesList } from "./index.ui";
export { routeActionSchema, routeFormSchema } from "./index.schemas";
export type { RouteChoice, RouteRow } from "./service.server";
export {
  RouteInUseError,
  createRoute,
  deleteRoute,
  findCheckpoint,
  routeCheckpoints,
  findRouteImage,
  findRouteSummary,
  getRoute,
  listRouteChoices,
  listRouteNames,
  listRoutes,
  setRouteStatus,
  updateRoute,
} from "./service.server";
export { findRoutePoints, listRoutePoints } from "./points.server";
export { readRouteForm, routeFormProvinces } from "./form.server";
export { sanitizeDescription } from "./sanitize.server";
export { trekRoutesModule } from "./plugin.server";
export { routeListSource } from "./list-source.server";
