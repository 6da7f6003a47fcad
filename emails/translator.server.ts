import { htmlLang, type PageLanguage } from "@lib/i18n/languages";
import { ENGLISH, type Translator } from "@lib/i18n/translate";

/**
 * The translator an e-mail is written with (renderEmail and the subjects take it). The server's
 * i18next and its language files are loaded on the first e-mail in another language rather than
 * imported, so a module that sends only English e-mails never loads them. An English e-mail needs
 * no file at all (its keys are its words). The browser tests' own process sends e-mails in any
 * language (a board user another test switched to Nepali gets a Nepali alert) and loads the files
 * through tests/setup/json-import-hook.mjs.
 */
export async function mailTranslator(lng: PageLanguage | undefined): Promise<Translator> {
  if (htmlLang(lng ?? "en") === "en") return ENGLISH;
  const { serverTranslator } = await import("@lib/i18n/i18n.server");
  return serverTranslator(lng ?? "en");
}
