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
} as const;

/**
 * C0 control characters and DEL. No form has a use for them, and a NUL byte once broke a write
 * half-way (issue 13). A text area keeps tab and its line breaks (browsers send CR LF).
 */
export const SINGLE_LINE_CONTROLS = /[\u0000-\u001F\u007F]/;
export const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const PASSWORD_RULES = [
  { id: "length", label: "At least 8 characters", test: (v: string) => v.length >= 8 },
  { id: "lower", label: "A lower case letter", test: (v: string) => /[a-z]/.test(v) },
  { id: "upper", label: "An upper case letter", test: (v: string) => /[A-Z]/.test(v) },
  { id: "number", label: "A number", test: (v: string) => /\d/.test(v) },
  { id: "special", label: "A special character (#?!@$%^&*-)", test: (v: string) => /[#?!@$%^&*-]/.test(v) },
] as const;
