import { csvResponse, safeFileName } from "@lib/csv.server";
import { renderReportPdf } from "./report-pdf.server";
import { reportCharts, sayReports, seasonReport, type Cell, type ReportId } from "./reports.server";
import { ENGLISH, type Translator } from "@lib/i18n/translate";
import type { DateRange } from "./range";

/** One report's table as CSV (UTF-8 with BOM, formula-safe cells; lib/csv.server.ts). Null: no such report. */
export async function reportCsvResponse(range: DateRange, id: string): Promise<Response | null> {
  const table = (await seasonReport(range)).find((t) => t.id === (id as ReportId));
  if (!table) return null;
  const columns = table.columns.map((header, i) => ({ header, value: (row: Cell[]) => row[i] }));
  return csvResponse({
    fileName: table.fileName,
    columns,
    batches: (async function* () {
      yield table.rows;
    })(),
  });
}

/** Every report with its chart as one PDF download, in the language of the page it was asked from. */
export async function reportPdfResponse(range: DateRange, translator: Translator = ENGLISH): Promise<Response> {
  const tables = sayReports(await seasonReport(range), translator.t);
  const bytes = await renderReportPdf(range, tables, await reportCharts(tables, translator.t, translator.lng === "ne"), translator);
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${safeFileName(`SeasonReport_${range.from}_${range.to}`)}.pdf"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
