import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, LANGUAGES, PSEUDO, type PageLanguage } from "./languages";

/** The visitor's choice from the header's switch, a year long; it also stands for a signed-out visitor. */
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 60 * 60 });

export interface DetectOptions {
  /** The signed-in user's stored language, or null. */
  savedLanguage: (request: Request) => Promise<string | null>;
  /** The pseudo-locale (tests, demos): accepted from the cookie only when true. */
  allowPseudo: boolean;
}

/**
 * A request's language: the switch's cookie, then the signed-in user's setting, then the browser's
 * Accept-Language, then English (remix-i18next's detector in that order).
 */
export function languageDetector({ savedLanguage, allowPseudo }: DetectOptions): (request: Request) => Promise<PageLanguage> {
  const detector = new RemixI18Next({
    detection: {
      supportedLanguages: allowPseudo ? [...LANGUAGES, PSEUDO] : [...LANGUAGES],
      fallbackLanguage: DEFAULT_LANGUAGE,
      cookie: languageCookie,
      order: ["cookie", "custom", "header"],
      findLocale: savedLanguage,
    },
  });
  return async (request) => (await detector.getLocale(request)) as PageLanguage;
}
