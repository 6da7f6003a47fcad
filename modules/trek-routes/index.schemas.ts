// The trek-routes module's zod schemas: actions and loaders get them through index.server.ts; the
// blur checks of its forms run them on the server (POST /form-check/trek-routes.{export}, ADR 0034).
// Never import this statically from code that runs in the browser: it would put zod in the page's
// eager chunks.
export { routeActionSchema, routeFormSchema } from "./schemas";
