import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";

/**
 * Charts drawn on the server (ADR 0020): a Vega-Lite spec compiled and rendered by Vega's
 * headless view (renderer "none") to SVG markup that the page inlines. No client script, no
 * canvas, no network: the data is inline and the SVG uses presentation attributes only (no style
 * attribute, no <style>), so it passes the Content-Security-Policy and prints as it shows.
 */

export interface ChartDatum {
  label: string;
  value: number;
  /** A second category (stacked bars), e.g. the month of a route's figure. */
  series?: string;
}

export interface ChartInput {
  title: string;
  /** What the chart shows in words (the SVG's accessible name is the title, this its description). */
  description: string;
  data: readonly ChartDatum[];
  kind: "bar" | "column" | "line";
  /** Axis titles. */
  labelTitle: string;
  valueTitle: string;
  width?: number;
  height?: number;
}

const PALETTE = ["#1d4ed8", "#0f766e", "#b45309", "#7c3aed", "#be123c", "#15803d", "#0369a1", "#a16207", "#4338ca", "#9f1239"];

/** The spec without its data (a named dataset), so the parsed chart can be reused for other figures. */
function specOf(input: ChartInput): TopLevelSpec {
  const width = input.width ?? 320;
  // Bars: a step per category, so the height follows the data without changing the spec.
  const height = input.kind === "bar" ? { step: 20 } : (input.height ?? 160);
  const label = {
    field: "label",
    type: "nominal" as const,
    title: input.labelTitle,
    sort: input.kind === "bar" ? ("-x" as const) : null,
    axis: { labelLimit: 120 },
  };
  const value = { field: "value", type: "quantitative" as const, title: input.valueTitle, axis: { tickMinStep: 1 } };
  const stacked = input.data.some((d) => d.series);
  const color = stacked ? { color: { field: "series", type: "nominal" as const, title: null, scale: { range: PALETTE } } } : {};
  const encoding =
    input.kind === "bar" ? { y: label, x: value, ...color } : { x: { ...label, sort: null, axis: { labelAngle: -45, labelLimit: 90 } }, y: value, ...color };
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    width,
    height,
    background: "#ffffff",
    padding: 4,
    data: { name: "table" },
    mark: input.kind === "line" ? { type: "line", point: true, color: PALETTE[0] } : { type: "bar", color: PALETTE[0] },
    encoding,
    config: { aria: false, font: "system-ui, sans-serif", axis: { labelFontSize: 10, titleFontSize: 11 }, legend: { orient: "bottom" } },
  } as TopLevelSpec;
}

// Compiling and parsing a spec costs more than drawing it: the parsed runtime of each chart shape
// (kind, axis titles, stacked or not) is kept and every render gets its own View of it.
const runtimes = new Map<string, vega.Runtime>();
function runtimeOf(spec: TopLevelSpec): vega.Runtime {
  const key = JSON.stringify(spec);
  let runtime = runtimes.get(key);
  if (!runtime) {
    runtime = vega.parse(compile(spec).spec);
    if (runtimes.size >= 64) runtimes.delete(runtimes.keys().next().value!);
    runtimes.set(key, runtime);
  }
  return runtime;
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The chart as SVG markup: role img, its title and description inside, ids derived from `id`. */
export async function renderChartSvg(id: string, input: ChartInput): Promise<string> {
  const view = new vega.View(runtimeOf(specOf(input)), { renderer: "none" });
  try {
    view.data(
      "table",
      input.data.map((d) => ({ ...d })),
    );
    await view.runAsync();
    // One image for assistive technology: Vega's per-mark ARIA roles (graphics-symbol groups
    // without names) are dropped; the root gets role img, a <title> and a <desc>.
    const svg = (await view.toSVG()).replace(/ (?:role|aria-roledescription|aria-label)="[^"]*"/g, "");
    const safeId = id.replace(/[^\w-]/g, "_");
    return svg.replace(
      /^<svg([^>]*)>/,
      (_m, attrs: string) =>
        `<svg${attrs} role="img" aria-labelledby="${safeId}-t ${safeId}-d" focusable="false"><title id="${safeId}-t">${escapeXml(input.title)}</title><desc id="${safeId}-d">${escapeXml(input.description)}</desc>`,
    );
  } finally {
    view.finalize();
  }
}
