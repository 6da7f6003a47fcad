import { csvResponse, safeFileName } from "@lib/csv.server";
import { renderReportPdf } from "./report-pdf.server";
import { reportCharts, seasonReport, type Cell, type ReportId } from "./reports.server";
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

/** Every report with its chart as one PDF download. */
export async function reportPdfResponse(range: DateRange): Promise<Response> {
  const tables = await seasonReport(range);
  const bytes = await renderReportPdf(range, tables, await reportCharts(tables));
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${safeFileName(`SeasonReport_${range.from}_${range.to}`)}.pdf"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
