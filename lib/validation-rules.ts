// The spec's validation texts and patterns without zod (lib/validation.ts builds the zod fields on
// them): code that runs in the browser eagerly (the password checklist, /login's inline blur check)
// uses them from here, so zod stays out of its chunks.

export const messages = {
  required: (label: string) => `${label} field is required`,
  upload: "Upload field is required",
  email: "Please enter a correct email address",
  onlyText: "Only text allowed",
  pan: "Please enter 9 digit number",
  contact: "Please enter 10 digit number",
  passwordMatch: "Password don't match.",
  emailMatch: "Email don't match.",
  minReason: "Minimum 10 character is required",
  controlChars: "This text contains invisible control characters; please retype it",
  tooLong: (label: string | undefined, max: number) => `${label ?? "This text"} must be at most ${max} characters`,
} as const;

export { SINGLE_LINE_CONTROLS, MULTI_LINE_CONTROLS } from "./control-characters";

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

// Each rule is a pattern so the inline script of a page served without React can use it too.
const rule = (id: string, label: string, pattern: RegExp) => ({ id, label, pattern, test: (v: string) => pattern.test(v) });
export const PASSWORD_RULES = [
  rule("length", "At least 8 characters", /^[\s\S]{8,}$/),
  rule("lower", "A lower case letter", /[a-z]/),
  rule("upper", "An upper case letter", /[A-Z]/),
  rule("number", "A number", /\d/),
  rule("special", "A special character (#?!@$%^&*-)", /[#?!@$%^&*-]/),
] as const;

export const PASSWORD_MESSAGE = "Password must have at least 8 characters, upper and lower case letters, a number and one of #?!@$%^&*-";

/**
 * Names of people and organisations: letters of any script (with their combining marks), spaces,
 * apostrophes, hyphens and dots, starting with a letter — "Hans Peter Müller", "José", "O'Brien",
 * "Jean-Luc", "Himalayan Treks Pvt. Ltd.", "पेम्बा शेर्पा". Digits and other symbols are refused.
 */
export const TEXT_ONLY = /^\p{L}[\p{L}\p{M} '’.-]*$/u;
/**
 * Names of organisations (issue 28): as TEXT_ONLY, and also digits of any script, "&" and
 * parentheses — "Himalayan Treks & Expeditions", "Trails 4 U (Pvt.) Ltd.". Starts with a letter or digit.
 */
export const ORGANISATION_NAME = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} '’.&()-]*$/u;
export const PAN_PATTERN = /^\d{9}$/;
export const CONTACT_PATTERN = /^\d{10}$/;
