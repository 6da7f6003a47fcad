// The trek-routes module's light public entry for code that may run in the browser: rules, constants,
// labels, paths and types. Components and list declarations that pages share are in index.ui.ts;
// a piece one page uses (the route form) sits beside it in app/components/ (ADR 0045).
// Routes and other modules import only the module's entries.
export { registerTrekUrl, routeDetailUrl, routeEditUrl, routeImageUrl } from "./urls";
export { ROUTE_SCOPES, canManageRoutes, canRegisterOnRoute } from "./policy";
export { ROUTE_LABELS } from "./labels";
export { DESCRIPTION_CLASS } from "./description-class";
