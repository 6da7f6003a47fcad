import { kathmanduDate } from "@lib/dates";
import { I18nProvider } from "@lib/i18n/context";
import { htmlLang } from "@lib/i18n/languages";
import { ENGLISH, type Translator } from "@lib/i18n/translate";
import { escapeHtml } from "@lib/html";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { getPdfRenderer } from "../../jobs/pdf-renderer.server";
import type { ChartView } from "./chart-view";
import { ReportDocument } from "./components/report-tables";
import type { DateRange } from "./range";
import { shownRange } from "./range-offer.server";
import type { ReportTable } from "./reports.server";

/** The report's HTML in the translator's language (the tables and charts already said in it). */
export function reportPdfHtml(range: DateRange, tables: readonly ReportTable[], charts: readonly ChartView[], translator: Translator = ENGLISH): string {
  const document = createElement(ReportDocument, { range, caption: shownRange(range, kathmanduDate()), tables, charts });
  const body = renderToStaticMarkup(createElement(I18nProvider, { value: translator }, document));
  const title = translator.t("TIMS season report {{from}} to {{to}}", { from: range.from, to: range.to });
  return (
    "<!DOCTYPE html>" +
    `<html lang="${htmlLang(translator.lng)}"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
    `<title>${escapeHtml(title)}</title>` +
    "<style>@page{size:A4;margin:14mm}body{font-family:system-ui,sans-serif;font-size:11px;color:#111}" +
    "h1{font-size:18px}h2{font-size:14px;margin-top:18px;break-after:avoid}section{break-inside:auto}" +
    "table{border-collapse:collapse;width:100%;margin-top:6px}th,td{border-bottom:1px solid #ddd;padding:2px 4px;text-align:left}" +
    ".sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}.chart svg{max-width:100%;height:auto}</style>" +
    `</head><body>${body}</body></html>`
  );
}

/**
 * The report as a PDF, rendered on demand by the app's PDF renderer (the same pooled Chromium
 * as cards and receipts; A4 portrait, on pages kept for that paper). ADR 0020: a report is a few small
 * tables computed from the aggregates in well under a second, so it is not queued as a job.
 */
export function renderReportPdf(
  range: DateRange,
  tables: readonly ReportTable[],
  charts: readonly ChartView[],
  translator: Translator = ENGLISH,
): Promise<Uint8Array> {
  return getPdfRenderer().render(reportPdfHtml(range, tables, charts, translator), { format: "A4", landscape: false });
}
