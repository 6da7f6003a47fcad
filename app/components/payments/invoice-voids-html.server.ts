import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { InvoiceVoid } from "@modules/payments";
import { InvoiceVoids } from "./invoice-voids";
import { I18nProvider } from "@lib/i18n/context";
import type { Translator } from "@lib/i18n/translate";

/**
 * Billing's voided invoice numbers as plain HTML, rendered on the server: the page never changes
 * them, and their code stays off the browser's budget (/billing is within a few hundred bytes of
 * 100 KB of JavaScript). Said in the page's language (`translator`, the request's).
 */
export function invoiceVoidsHtml(voids: { rows: InvoiceVoid[]; total: number } | null, translator: Translator): string {
  return voids ? renderToStaticMarkup(createElement(I18nProvider, { value: translator }, createElement(InvoiceVoids, { voids }))) : "";
}
