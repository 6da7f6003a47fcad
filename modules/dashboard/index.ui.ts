// Components and browser-safe helpers of the dashboard and reports pages.
export { ChartFigure } from "./components/chart-figure";
export { RangeForm } from "./components/range-form";
export type { ChartView } from "./chart-view";
export { rupees, type DateRange } from "./range";
export { ReportTableView } from "./components/report-tables";
