/** A chart as the page gets it: server-drawn SVG plus the same figures as a table (the fallback). */
export interface ChartView {
  id: string;
  title: string;
  description: string;
  /** Empty when the chart has no figure above zero: the page says so instead of drawing empty axes. */
  svg: string;
  empty: boolean;
  columns: [string, string];
  rows: [string, string][];
}
