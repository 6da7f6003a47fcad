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

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const PASSWORD_RULES = [
  { id: "length", label: "At least 8 characters", test: (v: string) => v.length >= 8 },
  { id: "lower", label: "A lower case letter", test: (v: string) => /[a-z]/.test(v) },
  { id: "upper", label: "An upper case letter", test: (v: string) => /[A-Z]/.test(v) },
  { id: "number", label: "A number", test: (v: string) => /\d/.test(v) },
  { id: "special", label: "A special character (#?!@$%^&*-)", test: (v: string) => /[#?!@$%^&*-]/.test(v) },
] as const;
