/**
 * The languages pages are offered in (issue 28, items 3 and 4; docs/adr/0047-languages.md): English
 * and Nepali everywhere, and the languages most trekkers read (Chinese in its simplified script,
 * Hindi, French, German, Spanish, Korean, Japanese) on the pages trekkers meet. English is the
 * spec's own words and the fallback for a key another language lacks.
 */
export const LANGUAGES = ["en", "ne", "zh", "hi", "fr", "de", "es", "ko", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/**
 * A test-only language: every English text wrapped in ⟦ ⟧, so a browser test finds visible text
 * that does not go through the translator. Offered only in the embedded mode (tests, demos).
 */
export const PSEUDO = "pseudo";
export type PageLanguage = Language | typeof PSEUDO;

/** Each language by its own name, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  ne: "नेपाली",
  zh: "简体中文",
  hi: "हिन्दी",
  fr: "Français",
  de: "Deutsch",
  es: "Español",
  ko: "한국어",
  ja: "日本語",
};

export const isLanguage = (value: unknown): value is Language => typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** The value of `<html lang>`: the pseudo-locale's texts are English ones. */
export const htmlLang = (lng: PageLanguage): Language => (lng === PSEUDO ? DEFAULT_LANGUAGE : lng);

/**
 * The language to write to someone in (e-mails, PDFs): their stored choice when it is one TIMS
 * offers, else `fallback` (the language of the request that caused the message, or English).
 */
export const languageOr = (stored: unknown, fallback: Language = DEFAULT_LANGUAGE): Language => (isLanguage(stored) ? stored : fallback);
