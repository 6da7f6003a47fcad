import { LANGUAGES, type Language } from "./languages";
import type { Texts } from "./translate";
import enShell from "./locales/en/shell.json";
import neShell from "./locales/ne/shell.json";
import zhShell from "./locales/zh/shell.json";
import hiShell from "./locales/hi/shell.json";
import frShell from "./locales/fr/shell.json";
import deShell from "./locales/de/shell.json";
import esShell from "./locales/es/shell.json";
import koShell from "./locales/ko/shell.json";
import jaShell from "./locales/ja/shell.json";
import enEntry from "./locales/en/entry.json";
import neEntry from "./locales/ne/entry.json";
import zhEntry from "./locales/zh/entry.json";
import hiEntry from "./locales/hi/entry.json";
import frEntry from "./locales/fr/entry.json";
import deEntry from "./locales/de/entry.json";
import esEntry from "./locales/es/entry.json";
import koEntry from "./locales/ko/entry.json";
import jaEntry from "./locales/ja/entry.json";
import enValidation from "./locales/en/validation.json";
import neValidation from "./locales/ne/validation.json";
import zhValidation from "./locales/zh/validation.json";
import hiValidation from "./locales/hi/validation.json";
import frValidation from "./locales/fr/validation.json";
import deValidation from "./locales/de/validation.json";
import esValidation from "./locales/es/validation.json";
import koValidation from "./locales/ko/validation.json";
import jaValidation from "./locales/ja/validation.json";
import enStaff from "./locales/en/staff.json";
import neStaff from "./locales/ne/staff.json";
import enCare from "./locales/en/care.json";
import neCare from "./locales/ne/care.json";
import enMoney from "./locales/en/money.json";
import neMoney from "./locales/ne/money.json";
import enAdmin from "./locales/en/admin.json";
import neAdmin from "./locales/ne/admin.json";

import enWizard from "./locales/en/wizard.json";
import neWizard from "./locales/ne/wizard.json";
import zhWizard from "./locales/zh/wizard.json";
import hiWizard from "./locales/hi/wizard.json";
import frWizard from "./locales/fr/wizard.json";
import deWizard from "./locales/de/wizard.json";
import esWizard from "./locales/es/wizard.json";
import koWizard from "./locales/ko/wizard.json";
import jaWizard from "./locales/ja/wizard.json";
import enPayment from "./locales/en/payment.json";
import nePayment from "./locales/ne/payment.json";
import zhPayment from "./locales/zh/payment.json";
import hiPayment from "./locales/hi/payment.json";
import frPayment from "./locales/fr/payment.json";
import dePayment from "./locales/de/payment.json";
import esPayment from "./locales/es/payment.json";
import koPayment from "./locales/ko/payment.json";
import jaPayment from "./locales/ja/payment.json";
import enCard from "./locales/en/card.json";
import neCard from "./locales/ne/card.json";
import zhCard from "./locales/zh/card.json";
import hiCard from "./locales/hi/card.json";
import frCard from "./locales/fr/card.json";
import deCard from "./locales/de/card.json";
import esCard from "./locales/es/card.json";
import koCard from "./locales/ko/card.json";
import jaCard from "./locales/ja/card.json";
import enEmail from "./locales/en/email.json";
import neEmail from "./locales/ne/email.json";
import zhEmail from "./locales/zh/email.json";
import hiEmail from "./locales/hi/email.json";
import frEmail from "./locales/fr/email.json";
import deEmail from "./locales/de/email.json";
import esEmail from "./locales/es/email.json";
import koEmail from "./locales/ko/email.json";
import jaEmail from "./locales/ja/email.json";

/**
 * Every namespace and the languages it comes in (docs/adr/0047-languages.md). A namespace is the
 * texts of one part of the app, sent to the browser only with the pages that show it: `shell`
 * (header, sidebar, banners, toasts, error pages, the language switch), `entry` (the public entry
 * pages), `validation` (form labels and the schemas' messages) in every language; `staff` (the
 * staff pages and the list kit) and `admin` (the board's requests, users, routes, API devices and
 * notifications pages) in English and Nepali only, since trekkers do not meet them: in
 * another language those texts are English (i18next's fallback, and textsFor's). Server code
 * only: a page's browser code gets its namespaces in its loader data (textsFor).
 */
export const NAMESPACE_LANGUAGES = {
  shell: LANGUAGES,
  entry: LANGUAGES,
  validation: LANGUAGES,
  wizard: LANGUAGES,
  payment: LANGUAGES,
  card: LANGUAGES,
  email: LANGUAGES,
  staff: ["en", "ne"],
  care: ["en", "ne"],
  money: ["en", "ne"],
  admin: ["en", "ne"],
} as const satisfies Record<string, readonly Language[]>;
export type Namespace = keyof typeof NAMESPACE_LANGUAGES;
export const NAMESPACES = Object.keys(NAMESPACE_LANGUAGES) as readonly Namespace[];

/** English has every namespace (the keys); each other language the namespaces that name it. */
export const RESOURCES: { en: Record<Namespace, Texts> } & Record<Language, Partial<Record<Namespace, Texts>>> = {
  en: {
    shell: enShell,
    entry: enEntry,
    validation: enValidation,
    wizard: enWizard,
    payment: enPayment,
    card: enCard,
    email: enEmail,
    staff: enStaff,
    care: enCare,
    money: enMoney,
    admin: enAdmin,
  },
  ne: {
    shell: neShell,
    entry: neEntry,
    validation: neValidation,
    wizard: neWizard,
    payment: nePayment,
    card: neCard,
    email: neEmail,
    staff: neStaff,
    care: neCare,
    money: neMoney,
    admin: neAdmin,
  },
  zh: { shell: zhShell, entry: zhEntry, validation: zhValidation, wizard: zhWizard, payment: zhPayment, card: zhCard, email: zhEmail },
  hi: { shell: hiShell, entry: hiEntry, validation: hiValidation, wizard: hiWizard, payment: hiPayment, card: hiCard, email: hiEmail },
  fr: { shell: frShell, entry: frEntry, validation: frValidation, wizard: frWizard, payment: frPayment, card: frCard, email: frEmail },
  de: { shell: deShell, entry: deEntry, validation: deValidation, wizard: deWizard, payment: dePayment, card: deCard, email: deEmail },
  es: { shell: esShell, entry: esEntry, validation: esValidation, wizard: esWizard, payment: esPayment, card: esCard, email: esEmail },
  ko: { shell: koShell, entry: koEntry, validation: koValidation, wizard: koWizard, payment: koPayment, card: koCard, email: koEmail },
  ja: { shell: jaShell, entry: jaEntry, validation: jaValidation, wizard: jaWizard, payment: jaPayment, card: jaCard, email: jaEmail },
};
