import type { Texts } from "./translate";

export const PSEUDO_OPEN = "⟦";
export const PSEUDO_CLOSE = "⟧";

/** The pseudo-locale's texts: each English text marked, placeholders kept (a value is wrapped by its own text). */
export function pseudoTexts(english: Texts): Texts {
  return Object.fromEntries(Object.keys(english).map((key) => [key, `${PSEUDO_OPEN}${english[key]}${PSEUDO_CLOSE}`]));
}
