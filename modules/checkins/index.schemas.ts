// The check-ins module's zod schemas: actions get them through index.server.ts (ADR 0014). Never
// import this statically from code that runs in the browser: zod would join the page's eager chunks.
export { offlineSyncSchema, scanSchema, selfCheckSchema, selfCheckinSchema } from "./schemas";
