import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, LANGUAGES, PSEUDO, isLanguage, type PageLanguage } from "./languages";

/** The visitor's choice from the header's switch, a year long; it also stands for a signed-out visitor. */
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 60 * 60 });

export interface DetectOptions {
  /** The signed-in user's stored language, or null. */
  savedLanguage: (request: Request) => Promise<string | null>;
  /** The pseudo-locale (tests, demos): accepted from the cookie only when true. */
  allowPseudo: boolean;
}

/**
 * The first of the browser's languages, by its weights, that TIMS offers: "it-IT,de;q=0.8,en;q=0.7"
 * is German. remix-i18next's own header detection looks only at the browser's first language, so
 * an Italian reading German would get English. A region or script ("zh-CN", "es-419") counts as
 * its language; no TIMS language has regional variants yet.
 */
export function fromAcceptLanguage(header: string | null): string | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { code: (tag ?? "").trim().split("-")[0].toLowerCase(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.code !== "" && entry.code !== "*" && entry.quality > 0)
    // Equal weights keep the browser's order.
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.code))?.code ?? null;
}

/**
 * A request's language: the switch's cookie, then the signed-in user's setting, then the browser's
 * Accept-Language, then English (remix-i18next's detector in that order; the header's step is
 * fromAcceptLanguage, run after the user's setting).
 */
export function languageDetector({ savedLanguage, allowPseudo }: DetectOptions): (request: Request) => Promise<PageLanguage> {
  const detector = new RemixI18Next({
    detection: {
      supportedLanguages: allowPseudo ? [...LANGUAGES, PSEUDO] : [...LANGUAGES],
      fallbackLanguage: DEFAULT_LANGUAGE,
      cookie: languageCookie,
      order: ["cookie", "custom"],
      findLocale: async (request) => {
        const saved = await savedLanguage(request);
        return isLanguage(saved) ? saved : fromAcceptLanguage(request.headers.get("Accept-Language"));
      },
    },
  });
  return async (request) => (await detector.getLocale(request)) as PageLanguage;
}
