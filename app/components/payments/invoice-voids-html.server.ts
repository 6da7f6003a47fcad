import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { InvoiceVoid } from "@modules/payments";
import { InvoiceVoids } from "./invoice-voids";

/**
 * Billing's voided invoice numbers as plain HTML, rendered on the server: the page never changes
 * them, and their code stays off the browser's budget (/billing is within a few hundred bytes of
 * 100 KB of JavaScript).
 */
export function invoiceVoidsHtml(voids: { rows: InvoiceVoid[]; total: number } | null): string {
  return voids ? renderToStaticMarkup(createElement(InvoiceVoids, { voids })) : "";
}
