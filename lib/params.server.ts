// lib/params.ts for route modules with a page: a `.server` module is empty in the browser build, so
// the route's loader can use zod schemas without the page loading zod (see lib/zod-form.server.ts).
export * from "@lib/params";
