import { z } from "zod";

/**
 * Route params are parsed, never cast: `/cards/abc` and `/cards/1e3` are 404s, not NaN handed to a
 * service. Ids are positive integers of at most 10 digits (the tables' INT keys).
 */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));

import { notFound } from "@lib/param-id";

/** Parses `params` with `schema` or throws a 404 response (for the nearest error boundary). */
export function parseParams<S extends z.ZodTypeAny>(params: Record<string, string | undefined>, schema: S): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export { paramId } from "@lib/param-id";
