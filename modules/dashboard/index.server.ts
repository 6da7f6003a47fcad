// The dashboard module's public entry for server code (services, models stay private).
export { dashboardModule } from "./plugin.server";
export { dashboardSummary } from "./summary.server";
export { dashboardData, type DashboardData, type Figure } from "./overview.server";
export { dashboardPage, type DashboardPage } from "./page.server";
export { rangeFromQuery, daysBetween, MAX_RANGE_DAYS, type DateRange } from "./range";
export { rangeOffer } from "./range-offer.server";
export { seasonReport, sayReports, reportCharts, rupeeNumber, REPORT_IDS, type ReportId, type ReportTable } from "./reports.server";
export { renderReportPdf, reportPdfHtml } from "./report-pdf.server";
export { reportCsvResponse, reportPdfResponse } from "./report-files.server";
