import { DEFAULT_LANGUAGE, htmlLang, type PageLanguage } from "./languages";

/** A namespace's texts: the English text (the key) to its translation (docs/adr/0047-languages.md). */
export type Texts = Record<string, string>;
/** The texts a page holds, by namespace. */
export type Resources = Record<string, Texts>;
export type Params = Record<string, string | number>;

export interface Translator {
  lng: PageLanguage;
  t: (key: string, params?: Params) => string;
  /** The keys with placeholders ("{{label}} field is required"): how a message made in English is read back (messages.ts). */
  templates: readonly string[];
}

export const templatesOf = (keys: Iterable<string>): string[] => [...new Set([...keys].filter((key) => key.includes("{{")))];

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * Numbers as the page's readers write them: Nepali with Devanagari digits and lakh grouping
 * (docs/decisions.md), the other languages by their own conventions (1.234,5 in German); English
 * as the spec writes them.
 */
export function formatNumber(lng: PageLanguage, value: number): string {
  const lang = htmlLang(lng);
  // Nepali as Indian English groups (lakh) in Devanagari digits: the same as Node's "ne-NP", but
  // Chromium ships no Nepali locale data and gave "ne-NP" as 1,234,567, so a hydrated page's
  // numbers differed from the server's (React re-rendered it).
  return new Intl.NumberFormat(lang === "ne" ? "en-IN-u-nu-deva" : lang === "en" ? "en-US" : lang, { maximumFractionDigits: 2 }).format(value);
}

export function interpolate(lng: PageLanguage, text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? formatNumber(lng, value) : value;
  });
}

/**
 * The browser's translator: a lookup in the texts the server sent with the page (already merged
 * over English), then the key itself, which is the English text. The server renders with i18next;
 * i18n.server.test.ts checks that both give the same words for every key, so hydration matches.
 */
export function createTranslator(lng: PageLanguage, resources: Resources): Translator {
  const namespaces = Object.values(resources);
  return {
    lng,
    templates: templatesOf(namespaces.flatMap((texts) => Object.keys(texts))),
    t(key, params) {
      for (const texts of namespaces) {
        if (Object.hasOwn(texts, key)) return interpolate(lng, texts[key], params);
      }
      return interpolate(lng, key, params);
    },
  };
}

/** Before any texts are known (a page rendered without the root's data): English as written. */
export const ENGLISH: Translator = createTranslator(DEFAULT_LANGUAGE, {});
