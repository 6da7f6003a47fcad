/** A chart as the page gets it: server-drawn SVG plus the same figures as a table (the fallback). */
export interface ChartView {
  id: string;
  title: string;
  description: string;
  svg: string;
  columns: [string, string];
  rows: [string, string][];
}
