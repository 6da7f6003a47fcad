import { parseWithZod } from "@conform-to/zod/v4";
import type { ZodType } from "zod";

/** Parses like a route does: form fields through Conform's coercion (empty text is "missing"). */
export function submit(schema: ZodType, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return parseWithZod(form, { schema });
}

/** Field name → first message, for the failures of a submission. */
export function errorsOf(schema: ZodType, fields: Record<string, string>): Record<string, string> {
  const s = submit(schema, fields);
  if (s.status === "success") return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(s.error ?? {})) if (v?.length) out[k] = v[0];
  return out;
}

export function valueOf<T>(schema: ZodType<T>, fields: Record<string, string>): T {
  const s = submit(schema, fields);
  if (s.status !== "success") throw new Error(`expected success, got ${JSON.stringify(s.error)}`);
  return s.value as T;
}
