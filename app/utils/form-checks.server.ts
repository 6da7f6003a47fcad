import { parseWithZod } from "@lib/zod-form.server";
import type { $ZodType as ZodType } from "zod/v4/core";

/**
 * The blur checks of pages served as HTML (ADR 0034): a form marked data-check="{module}.{schema}"
 * is checked against that schema, one of the module's index.schemas exports, which are the very
 * schemas its React form loads in the browser to check the same fields. They hold no secrets and
 * touch nothing, so any signed-in user may run them (and anyone those of PUBLIC_CHECKS). A schema that depends on who posts is
 * exported as a function named `...Schema` taking `{ userType }` (trekkerSchema: an agency names
 * the guide); it is called with the signed-in user's, as the submit's action calls it.
 */
const SCHEMA_MODULES: Record<string, () => Promise<Record<string, unknown>>> = {
  agencies: () => import("@modules/agencies/index.schemas"),
  chalan: () => import("@modules/chalan/index.schemas"),
  payments: () => import("@modules/payments/index.schemas"),
  registration: () => import("@modules/registration/index.schemas"),
  "trek-routes": () => import("@modules/trek-routes/index.schemas"),
  users: () => import("@modules/users/index.schemas"),
};

export interface CheckViewer {
  userType: number;
}

/**
 * The checks of the forms a visitor meets before signing in (document pages, ADR 0043). They
 * read nothing stored (no "e-mail taken" answer that would tell who has an account), so anyone
 * may run them; every other check needs a signed-in user.
 */
export const PUBLIC_CHECKS: ReadonlySet<string> = new Set([
  "users.loginSchema",
  "users.registerSchema",
  "users.forgotPasswordSchema",
  "users.resetPasswordSchema",
  "users.twoFactorCodeSchema",
]);

const isSchema = (value: unknown): value is ZodType => Boolean(value && typeof value === "object" && "_zod" in value);

async function schemaNamed(name: string, viewer: CheckViewer): Promise<ZodType | null> {
  const [module, exported, ...rest] = name.split(".");
  const load = Object.hasOwn(SCHEMA_MODULES, module) ? SCHEMA_MODULES[module] : undefined;
  if (!load || !exported || rest.length) return null;
  const schemas = await load();
  const value = Object.hasOwn(schemas, exported) ? schemas[exported] : undefined;
  const schema = typeof value === "function" && exported.endsWith("Schema") ? (value as (v: CheckViewer) => unknown)({ userType: viewer.userType }) : value;
  // A zod 4 schema carries its definition under `_zod`; anything else exported is not a check.
  return isSchema(schema) ? schema : null;
}

/** Each field's messages for what is typed so far, or null when no such check exists. */
export async function checkForm(name: string, formData: FormData, viewer: CheckViewer): Promise<Record<string, string[]> | null> {
  const schema = await schemaNamed(name, viewer);
  if (!schema) return null;
  const submission = await parseWithZod(formData, { schema, async: true });
  if (submission.status !== "error") return {};
  return Object.fromEntries(Object.entries(submission.error ?? {}).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])));
}
