// The password rules without zod: the checklist under a new password shows them on every page that
// sets one, and that page must not load zod eagerly (lib/validation.ts builds passwordField on them).
export const PASSWORD_RULES = [
  { id: "length", label: "At least 8 characters", test: (v: string) => v.length >= 8 },
  { id: "lower", label: "A lower case letter", test: (v: string) => /[a-z]/.test(v) },
  { id: "upper", label: "An upper case letter", test: (v: string) => /[A-Z]/.test(v) },
  { id: "number", label: "A number", test: (v: string) => /\d/.test(v) },
  { id: "special", label: "A special character (#?!@$%^&*-)", test: (v: string) => /[#?!@$%^&*-]/.test(v) },
] as const;
