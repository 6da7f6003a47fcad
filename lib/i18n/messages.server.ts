import { htmlLang } from "./languages";
import { translateMessage } from "./messages";
import type { Translator } from "./translate";

/**
 * A module's English message said on the server (`requestMessages`), its parts read as messages
 * too: a part that is itself a template ("12 minutes" in the passport wait), or a label the module
 * lower-cased ("found safe" by its key "Found safe", said lower-cased where the language has cases).
 * Server only: the browser's matcher (messages.ts) stays as small as it was (the page-weight budget).
 */
export function sayMessage(translator: Translator, message: string): string {
  // A part as long as the message is the message ("{{page}}" reads every message): its key only, so this ends.
  return translateMessage(translator, message, (part) => (part === message ? translator.t(part) : sayPart(translator, part)));
}

function sayPart(translator: Translator, part: string): string {
  const said = sayMessage(translator, part);
  if (said !== part) return said;
  const first = part.charAt(0);
  if (first === first.toUpperCase()) return part;
  const capital = first.toUpperCase() + part.slice(1);
  const label = translator.t(capital);
  return label === capital ? part : label.charAt(0).toLocaleLowerCase(htmlLang(translator.lng)) + label.slice(1);
}
