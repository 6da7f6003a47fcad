import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nProvider } from "@lib/i18n/context";
import { htmlLang } from "@lib/i18n/languages";
import { ENGLISH, type Translator } from "@lib/i18n/translate";

/**
 * Templates use inline styles only: many mail clients drop <style> blocks. The text part is
 * derived from the same markup so the two never drift apart. `translator` is the reader's language
 * (emails/translator.server.ts; English by default): the templates' useT() reads it.
 */
export function renderEmail(element: ReactElement, translator: Translator = ENGLISH): { html: string; text: string } {
  const body = renderToStaticMarkup(createElement(I18nProvider, { value: translator }, element));
  const html =
    "<!DOCTYPE html>" +
    `<html lang="${htmlLang(translator.lng)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="color-scheme" content="light"></head>' +
    '<body style="margin:0;padding:0;background-color:#f3f4f6;">' +
    body +
    "</body></html>";
  return { html, text: htmlToText(body) };
}

export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(head|style|script|title)\b[^>]*>[\s\S]*?<\/\1>/gi, "")
      .replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, inner: string) => {
        const label = stripTags(inner).trim();
        const url = decodeEntities(href);
        // Entities are decoded at the end, so keep this url's entities encoded for now.
        return !label || decodeEntities(label) === url ? href : `${label} (${href})`;
      })
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<li\b[^>]*>/gi, "\n- ")
      .replace(/<\/(p|div|h[1-6]|tr|table|ul|ol|li|blockquote|pre)>/gi, "\n\n")
      .replace(/<hr\b[^>]*>/gi, "\n----\n")
      .replace(/<\/t[dh]>/gi, " ")
      .replace(/<[^>]+>/g, ""),
  )
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function stripTags(html: string): string {
  return html.replace(/<[^>]+>/g, "");
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n = code[1].toLowerCase() === "x" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
    }
    return NAMED[code.toLowerCase()] ?? whole;
  });
}
