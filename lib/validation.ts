import { z } from "zod";

/**
 * Validation building blocks with the spec's texts (spec 1 §5, spec 2 §5). Each zod schema of
 * a form is made from these, so the server and the browser say the same words.
 */
export { messages } from "@lib/validation-rules";
import { messages } from "@lib/validation-rules";

/** Empty means undefined, null, or whitespace-only text (spec 1 §5). */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value as object).length === 0;
  return false;
}

export { MULTI_LINE_CONTROLS, SINGLE_LINE_CONTROLS } from "@lib/validation-rules";
import { MULTI_LINE_CONTROLS, SINGLE_LINE_CONTROLS } from "@lib/validation-rules";

export interface TextOptions {
  /** A text area: tab, CR and LF are allowed. */
  multiline?: boolean;
  /** The field's label, for the length message ("Passport Number must be at most 50 characters"). */
  label?: string;
}

/**
 * THE text field every form's schema starts from: a string, trimmed, refused (never silently
 * changed) when it holds a control character. `typeError` is the message for a missing value.
 * A `.max(n)` without a message of its own says how long the text may be: zod 4 gives a schema's
 * `error` to every issue of its checks too, so a 70-character passport number was once told
 * "Passport Number field is required" (issue 26).
 */
export const plainText = (options: TextOptions = {}, typeError?: string) => {
  const controls = options.multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS;
  return z
    .string({
      error: (issue) => {
        if (issue.code === "invalid_type") return typeError;
        if (issue.code === "too_big") return messages.tooLong(options.label, Number(issue.maximum));
        return undefined;
      },
    })
    .trim()
    .refine((v) => !controls.test(v), messages.controlChars);
};

// Conform hands absent fields to zod as undefined; a custom message for that case keeps the
// spec's "{label} field is required" instead of zod's generic type error.
export const requiredText = (label: string, options: TextOptions = {}) =>
  plainText({ label, ...options }, messages.required(label)).min(1, messages.required(label));

/** An optional text of at most `max` characters (absent when empty). */
export const optionalText = (max: number, options: TextOptions = {}) => plainText(options).max(max).optional();

export { EMAIL_PATTERN } from "@lib/validation-rules";
import { EMAIL_PATTERN } from "@lib/validation-rules";
export const emailField = (label = "Email") =>
  requiredText(label)
    .max(190)
    .regex(EMAIL_PATTERN, messages.email)
    .transform((v) => v.toLowerCase());

export { TEXT_ONLY } from "@lib/validation-rules";
import { CONTACT_PATTERN, ORGANISATION_NAME, PAN_PATTERN, PASSWORD_MESSAGE, TEXT_ONLY } from "@lib/validation-rules";
const nameField = (label: string, pattern: RegExp) =>
  requiredText(label)
    .transform((v) => v.normalize("NFC").replace(/ {2,}/g, " "))
    .pipe(z.string().max(150).regex(pattern, messages.onlyText));
/** A person's name: letters of any script (TEXT_ONLY). */
export const textOnlyField = (label: string) => nameField(label, TEXT_ONLY);
/** An organisation's name: letters and digits of any script, "&" and parentheses too (ORGANISATION_NAME). */
export const organisationNameField = (label: string) => nameField(label, ORGANISATION_NAME);

export const panField = (label = "PAN") => requiredText(label).regex(PAN_PATTERN, messages.pan);
export const contactField = (label = "Contact Number") => requiredText(label).regex(CONTACT_PATTERN, messages.contact);

/** Each rule is shown as a live checklist item and checked on the server. */
export { PASSWORD_RULES } from "@lib/validation-rules";
import { PASSWORD_RULES } from "@lib/validation-rules";

export { PASSWORD_MESSAGE } from "@lib/validation-rules";

export const passwordField = (label = "Password") =>
  z
    .string({ error: messages.required(label) })
    .refine((v) => v.trim() !== "", messages.required(label))
    .refine((v) => v.length <= 128, "Password must be at most 128 characters")
    .refine((v) => v.trim() === "" || PASSWORD_RULES.every((r) => r.test(v)), PASSWORD_MESSAGE);

/** Reasons and remarks that the spec wants at least ten characters long. */
export const reasonField = (label = "Reason") => requiredText(label, { multiline: true }).min(10, messages.minReason);

/** A checkbox posts "on" when ticked and nothing otherwise. */
export const checkboxField = () =>
  z
    .union([z.literal("on"), z.literal("true"), z.boolean()])
    .optional()
    .transform((v) => v === "on" || v === "true" || v === true);
