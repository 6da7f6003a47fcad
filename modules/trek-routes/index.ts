// The trek-routes module's public entry for code that may run in the browser (components, pure rules,
// schemas, types). Routes and other modules import only this and index.server.ts.
export type { RouteFormDefaults } from "./components/route-form";
export { DescriptionHtml } from "./components/description-html";
export { RouteForm } from "./components/route-form";
export { registerTrekUrl, routeDetailUrl, routeEditUrl, routeImageUrl } from "./urls";
export { ROUTE_SCOPES, canManageRoutes, canRegisterOnRoute } from "./policy";
export { provinceName, routesList } from "./routes-list";
