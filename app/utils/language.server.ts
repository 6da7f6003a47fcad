import { config } from "@lib/config.server";
import { languageDetector } from "@lib/i18n/detect.server";
import { serverTranslator } from "@lib/i18n/i18n.server";
import type { PageLanguage } from "@lib/i18n/languages";
import type { Translator } from "@lib/i18n/translate";
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
