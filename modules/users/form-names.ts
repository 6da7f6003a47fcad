// Constants of the users forms that pages use while rendering, kept apart from the zod schemas
// (schemas/*), which the browser loads only when a form is used (lib/ui/lazy-validation.ts).

export const TWO_FACTOR_CODE_LABEL = "Authentication code";

/**
 * The two kinds of account on /register (ids as the form posts them).
 */
export const REGISTER_TYPES = [
  { id: "2", key: "organization", label: "Organization" },
  { id: "1", key: "individual", label: "Individual" },
] as const;
