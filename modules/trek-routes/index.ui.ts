// The trek-routes module's entry for pages: the components and list declarations more than one page (or
// the module's own server code) uses. esbuild gives a page every file this entry re-exports that any
// page uses, so a piece one page uses lives beside it in app/components/ instead (ADR 0045).
export { DescriptionHtml } from "./components/description-html";
export { routesList } from "./routes-list";
