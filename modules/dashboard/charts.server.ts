import { renderChartSvg, type ChartInput } from "@lib/charts.server";
import type { ChartView } from "./chart-view";
import type { Figure } from "./overview.server";
import { groupLakh } from "@lib/numbers";

/** Renders a chart and its table fallback; `format` writes the values in the table. */
export async function chartView(id: string, input: ChartInput, format: (v: number) => string = (v) => groupLakh(v)): Promise<ChartView> {
  const empty = !input.data.some((d) => d.value > 0);
  const svg = empty ? "" : await renderChartSvg(id, input);
  return {
    id,
    empty,
    title: input.title,
    description: input.description,
    svg,
    columns: [input.labelTitle, input.valueTitle],
    rows: input.data.map((d) => [d.series ? `${d.label} · ${d.series}` : d.label, format(d.value)]),
  };
}

export const figuresData = (rows: readonly Figure[]) => rows.map((r) => ({ label: r.label, value: r.value }));

export function describeTop(what: string, rows: readonly Figure[], unit: string): string {
  if (!rows.length) return `No ${what} in this range.`;
  const first = rows[0];
  return `${rows.length} ${what}; the first is ${first.label} with ${groupLakh(first.value)} ${unit}.`;
}
