// The registration module's zod schemas: actions and loaders get them through index.server.ts; pages
// load them on demand for browser validation (lib/ui/lazy-validation.ts). Never import this
// statically from code that runs in the browser: it would put zod in the page's eager chunks.
export { firstStepSchema, followerFormSchema, insuranceSchema, splitFirstStep, trekDetailsSchema, trekkerSchema } from "./schemas";
