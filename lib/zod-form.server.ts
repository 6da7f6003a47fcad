// Actions parse forms with parseWithZod from here, never from "@conform-to/zod/v4" directly: a
// route module's static import reaches the browser build even when only its action uses it (esbuild
// makes the page import every chunk its files reach), and that would load zod eagerly again.
// A `.server` module is an empty module in the browser. See ADR 0014.
import { parseWithZod as conformParseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

/** Conform's own fields: which button was pressed (add a row, validate a field) and the form's state. */
const INTENT = "__intent__";
const STATE = "__state__";

export const UNREADABLE_FORM = "This form was sent in a way it cannot be read; please reload the page and try again";

const parsesAsJson = (text: string) => {
  try {
    return { ok: true as const, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false as const };
  }
};

/**
 * Whether Conform can read the payload's intent and state: it throws on anything but the JSON it
 * wrote itself (issue 26: `__intent__=x` on any form with list buttons answered 500). Only a
 * forged or damaged request sends such values.
 */
function readableControls(payload: FormData | URLSearchParams): boolean {
  const intents = payload.getAll(INTENT);
  const states = payload.getAll(STATE);
  if (intents.length > 1 || states.length > 1) return false;
  const [intent] = intents;
  const [state] = states;
  if (intent !== undefined) {
    if (typeof intent !== "string") return false;
    if (intent !== "") {
      const parsed = parsesAsJson(intent);
      if (!parsed.ok || typeof parsed.value !== "object" || parsed.value === null) return false;
      const control = parsed.value as { type?: unknown; payload?: unknown };
      if (typeof control.type !== "string" || control.payload === undefined) return false;
    }
  }
  if (state !== undefined && (typeof state !== "string" || (state !== "" && !parsesAsJson(state).ok))) return false;
  return true;
}

const unreadable = z.any().superRefine((_, ctx) => ctx.addIssue({ code: "custom", message: UNREADABLE_FORM }));

function withoutControls(payload: FormData | URLSearchParams): FormData {
  const clean = new FormData();
  for (const [name, value] of payload.entries()) if (name !== INTENT && name !== STATE) clean.append(name, value);
  return clean;
}

/**
 * Conform's parseWithZod, except that a payload whose intent or state Conform cannot read is a
 * failed submission with one form error (a 400 through `submission.reply()`), not a thrown error.
 */
export const parseWithZod = ((payload: FormData | URLSearchParams, options: { async?: boolean }) => {
  if (readableControls(payload)) return conformParseWithZod(payload, options as never);
  const refused = conformParseWithZod(withoutControls(payload), { schema: unreadable });
  return options.async ? Promise.resolve(refused) : refused;
}) as typeof conformParseWithZod;
