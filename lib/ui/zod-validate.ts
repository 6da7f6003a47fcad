import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType as ZodType } from "zod/v4/core";

/**
 * The browser half of a form's validation, loaded only by useLazyValidation (lib/ui/lazy-validation.ts)
 * through a dynamic import: this module and zod stay out of every eagerly loaded chunk. The check is
 * exactly the server's: `parseWithZod` with the same schema.
 */
export function zodValidator<Schema extends ZodType>(schema: Schema) {
  return (formData: FormData) => parseWithZod(formData, { schema });
}
