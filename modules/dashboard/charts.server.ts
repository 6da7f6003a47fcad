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

/** A translator's `t` (the page's language); English, the keys themselves, by default. */
export type Say = (key: string, params?: Record<string, string | number>) => string;
export const english: Say = (key, params) =>
  key.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (params?.[name] === undefined ? whole : String(params[name])));

/**
 * A top list's description: `none` when it is empty, else `some` ("{{count}} countries; the first
 * is {{name}} with {{value}} trekkers.") with the first row's figure written as the page writes numbers.
 */
export function describeTop(rows: readonly Figure[], say: Say, texts: { none: string; some: string }, devanagari = false): string {
  if (!rows.length) return say(texts.none);
  const first = rows[0];
  return say(texts.some, { count: rows.length, name: first.label, value: groupLakh(first.value, { devanagari }) });
}
