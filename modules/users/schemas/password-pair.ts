import { z } from "zod";
import { messages } from "@lib/validation";

/** A confirmation box: required, compared untrimmed like the password itself. */
export const confirmField = (label = "Confirm Password") =>
  z.string({ error: messages.required(label) }).refine((v) => v.trim() !== "", messages.required(label)); // raw-string: a password, compared untrimmed

type Obj = Record<string, unknown>;
const filled = (v: unknown) => typeof v === "string" && v.trim() !== "";

/**
 * "Password don't match." on the confirm field. `when` lets the rule run even while other
 * fields still fail, so every message shows after one submit.
 */
export function withMatch<S extends z.ZodObject>(schema: S, field: string, confirm: string, message: string, normalise = (v: string) => v) {
  return schema.refine((d: Obj) => normalise(String(d[field])) === normalise(String(d[confirm])), {
    message,
    path: [confirm],
    when: (payload) => {
      const v = payload.value as Obj | undefined;
      return filled(v?.[field]) && filled(v?.[confirm]);
    },
  });
}

export function withPasswordMatch<S extends z.ZodObject>(schema: S, field = "password", confirm = "confirmPassword") {
  return withMatch(schema, field, confirm, messages.passwordMatch);
}
