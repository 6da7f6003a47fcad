/**
 * The languages pages are offered in (issue 28, item 3; docs/adr/0047-languages.md). English is
 * the spec's own words and the fallback for a key another language lacks.
 */
export const LANGUAGES = ["en", "ne"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/**
 * A test-only language: every English text wrapped in ⟦ ⟧, so a browser test finds visible text
 * that does not go through the translator. Offered only in the embedded mode (tests, demos).
 */
export const PSEUDO = "pseudo";
export type PageLanguage = Language | typeof PSEUDO;

/** Each language by its own name, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ne: "नेपाली" };

export const isLanguage = (value: unknown): value is Language => typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** The value of `<html lang>`: the pseudo-locale's texts are English ones. */
export const htmlLang = (lng: PageLanguage): Language => (lng === PSEUDO ? DEFAULT_LANGUAGE : lng);
