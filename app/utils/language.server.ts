import { config } from "@lib/config.server";
import { languageDetector } from "@lib/i18n/detect.server";
import { serverTranslator, textsFor } from "@lib/i18n/i18n.server";
import type { Namespace } from "@lib/i18n/resources";
import { htmlLang, type Language, type PageLanguage } from "@lib/i18n/languages";
import type { Resources, Translator } from "@lib/i18n/translate";
import { sayMessage } from "@lib/i18n/messages.server";
import { getOptionalUser } from "./guards.server";

const detect = languageDetector({
  savedLanguage: async (request) => (await getOptionalUser(request))?.language ?? null,
  // The pseudo-locale is a test aid: never offered by a deployment.
  allowPseudo: config.embedded,
});

// The root's loader, the page's and the render all ask; one answer per request.
const perRequest = new WeakMap<Request, Promise<PageLanguage>>();

/** The request's language (lib/i18n/detect.server.ts says in which order it is chosen). */
export function requestLanguage(request: Request): Promise<PageLanguage> {
  let lng = perRequest.get(request);
  if (!lng) {
    lng = detect(request);
    perRequest.set(request, lng);
  }
  return lng;
}

export async function requestTranslator(request: Request): Promise<Translator> {
  return serverTranslator(await requestLanguage(request));
}

/**
 * Says a module's English message (a refusal, a schema's message) in the request's language, on the
 * server: a page that shows such messages only in its action's answer keeps the message matcher
 * (lib/i18n/messages.ts) out of its browser code.
 */
export async function requestMessages(request: Request): Promise<(message: string) => string> {
  const translator = await requestTranslator(request);
  return (message) => sayMessage(translator, message);
}

/**
 * A page's own namespaces for its browser code (ADR 0047), sent in its loader data as `texts`: the
 * root's translator adds them to the shell's, so only the pages that show these words carry them.
 */
export async function pageTexts(request: Request, namespaces: readonly Namespace[]): Promise<Resources> {
  return textsFor(await requestLanguage(request), namespaces);
}

/**
 * The request's language for a message it causes (an e-mail to someone with no stored language):
 * the pseudo-locale is a page aid, so its messages are English.
 */
export async function messageLanguage(request: Request): Promise<Language> {
  return htmlLang(await requestLanguage(request));
}
