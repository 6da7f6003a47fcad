// The trek-routes module's entry for React pages: components and list declarations (modules/trek-routes/README.md).
export { DescriptionHtml } from "./components/description-html";
export { type RouteFormDefaults, RouteForm } from "./components/route-form";
export { routesList } from "./routes-list";
