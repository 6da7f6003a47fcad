/**
 * Route params without zod (issue 12): route modules reach the browser build, so the ones with a
 * page import these instead of lib/params.ts (whose zod schemas are for loaders and schemas).
 * Ids are positive integers of at most 10 digits (the tables' INT keys); anything else is a 404.
 */
export const ID_PATTERN = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

export const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

/** One id param by name, e.g. `paramId(params, "trekkerId")`; throws a 404 response otherwise. */
export function paramId(params: Record<string, string | undefined>, name: string): number {
  const raw = params[name];
  const id = raw !== undefined && ID_PATTERN.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id > MAX_ID) throw notFound();
  return id;
}

/** One param that must be one of `values`; throws a 404 response otherwise. */
export function paramChoice<const T extends readonly string[]>(params: Record<string, string | undefined>, name: string, values: T): T[number] {
  const raw = params[name];
  if (raw === undefined || !values.includes(raw)) throw notFound();
  return raw as T[number];
}
