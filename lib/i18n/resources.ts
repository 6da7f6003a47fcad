import type { Language } from "./languages";
import type { Texts } from "./translate";
import enShell from "./locales/en/shell.json";
import neShell from "./locales/ne/shell.json";
import enEntry from "./locales/en/entry.json";
import neEntry from "./locales/ne/entry.json";
import enValidation from "./locales/en/validation.json";
import neValidation from "./locales/ne/validation.json";

/**
 * Every namespace in every language (docs/adr/0047-languages.md). A namespace is the texts of one
 * part of the app, sent to the browser only with the pages that show it: `shell` (header, sidebar,
 * banners, toasts, error pages, the language switch), `entry` (the public entry pages),
 * `validation` (form labels and the schemas' messages).
 */
export const NAMESPACES = ["shell", "entry", "validation"] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const RESOURCES: Record<Language, Record<Namespace, Texts>> = {
  en: { shell: enShell, entry: enEntry, validation: enValidation },
  ne: { shell: neShell, entry: neEntry, validation: neValidation },
};
