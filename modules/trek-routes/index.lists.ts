// A narrow browser entry of the trek-routes module (ADR 0016): a page that imports it loads only this part.
export { routesList } from "./routes-list";
