// The trek-routes module's light public entry for code that may run in the browser (urls, policy).
// Components and the routes list have narrow entries (index.form.ts, index.detail.ts,
// index.lists.ts; ADR 0016). Routes and other modules import only this and index.server.ts.
export { registerTrekUrl, routeDetailUrl, routeEditUrl, routeImageUrl } from "./urls";
export { ROUTE_SCOPES, canManageRoutes, canRegisterOnRoute } from "./policy";
