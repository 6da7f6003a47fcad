import i18next, { type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, PSEUDO, type PageLanguage } from "./languages";
import { NAMESPACES, RESOURCES, type Namespace } from "./resources";
import { pseudoTexts } from "./pseudo";
import { formatNumber, templatesOf, type Params, type Resources, type Translator } from "./translate";

/**
 * The server's one i18next instance (docs/adr/0047-languages.md): every namespace of every language
 * is in memory, so nothing is loaded per request. Keys are the English texts themselves (the spec's
 * words), so `.` and `:` in them are text, not paths.
 */
const instance = i18next.createInstance();
void instance.init({
  resources: {
    ...Object.fromEntries(LANGUAGES.map((lng) => [lng, RESOURCES[lng]])),
    [PSEUDO]: Object.fromEntries(NAMESPACES.map((ns) => [ns, pseudoTexts(RESOURCES.en[ns])])),
  },
  supportedLngs: [...LANGUAGES, PSEUDO],
  fallbackLng: DEFAULT_LANGUAGE,
  ns: [...NAMESPACES],
  defaultNS: NAMESPACES[0],
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  initImmediate: false,
});

const fixed = new Map<PageLanguage, TFunction>();
// A text without parameters translates the same every time, and a page asks for hundreds (each
// label, each row's actions): i18next's lookup through every namespace was a twenty-fifth of a
// web process's CPU at the peak hour. Kept per language, up to a bound (a key may be a message
// made from data, which no resource has).
const PLAIN_TEXTS_MAX = 20_000;
const plainTexts = new Map<PageLanguage, Map<string, string>>();
const TEMPLATES = templatesOf(NAMESPACES.flatMap((ns) => Object.keys(RESOURCES.en[ns])));

/**
 * A number as the language writes it, kept: formatNumber builds an Intl.NumberFormat per call (a
 * fifth of a millisecond; 1.7% of a small page's CPU, the offline frame's counts on every page).
 * The formatter itself is not kept in lib/i18n/translate.ts because that file is in the
 * browser's bundle, where the bytes count against the page budget (ADR 0054); the numbers pages
 * write are few and repeat, so their texts are kept here, bounded.
 */
function numberText(lng: PageLanguage, value: number): string {
  const key = `${lng} ${value}`;
  let text = numberTexts.get(key);
  if (text === undefined) {
    text = formatNumber(lng, value);
    if (numberTexts.size >= NUMBER_TEXTS_MAX) numberTexts.clear();
    numberTexts.set(key, text);
  }
  return text;
}
const numberTexts = new Map<string, string>();
const NUMBER_TEXTS_MAX = 5000;

/** The translator of server code and of the server's render: i18next's, over every namespace. */
export function serverTranslator(lng: PageLanguage): Translator {
  let tf = fixed.get(lng);
  if (!tf) {
    tf = instance.getFixedT(lng, [...NAMESPACES]);
    fixed.set(lng, tf);
  }
  const translate = tf;
  let plain = plainTexts.get(lng);
  if (!plain) plainTexts.set(lng, (plain = new Map()));
  const known = plain;
  return {
    lng,
    templates: TEMPLATES,
    t(key: string, params?: Params) {
      if (!params) {
        let text = known.get(key);
        if (text === undefined) {
          text = translate(key, { defaultValue: key }) as string;
          if (known.size < PLAIN_TEXTS_MAX) known.set(key, text);
        }
        return text;
      }
      // Numbers are written as the language writes them, the same way the browser's translator does.
      const values = params ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === "number" ? numberText(lng, v) : v])) : undefined;
      return translate(key, { ...values, defaultValue: key }) as string;
    },
  };
}

/** The texts a page's browser code needs, each namespace complete (English where a translation is missing). */
export function textsFor(lng: PageLanguage, namespaces: readonly Namespace[]): Resources {
  // Merged once per language and namespace (the bundles never change while the process runs); read only.
  return Object.fromEntries(namespaces.map((ns) => [ns, mergedBundle(lng, ns)]));
}

const merged = new Map<string, Resources[string]>();
function mergedBundle(lng: PageLanguage, ns: Namespace): Resources[string] {
  const key = `${lng}|${ns}`;
  let bundle = merged.get(key);
  if (!bundle) {
    bundle = Object.freeze({
      ...(instance.getResourceBundle(DEFAULT_LANGUAGE, ns) as object),
      ...(instance.getResourceBundle(lng, ns) as object),
    }) as Resources[string];
    merged.set(key, bundle);
  }
  return bundle;
}
