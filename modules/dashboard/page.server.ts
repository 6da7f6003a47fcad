import { chartView, describeTop, english, figuresData, type Say } from "./charts.server";
import type { ChartView } from "./chart-view";
import { dashboardData, type DashboardData } from "./overview.server";
import { rupees, type DateRange } from "./range";
import { groupLakh } from "@lib/numbers";

export interface DashboardPage {
  data: DashboardData;
  charts: ChartView[];
}

/**
 * The dashboard's figures and its four charts, drawn on the server in the page's language (`say`,
 * the request's translator; `devanagari` for a Nepali page's numbers): a chart's words are in its SVG.
 */
export async function dashboardPage(range: DateRange, say: Say = english, devanagari = false): Promise<DashboardPage> {
  const data = await dashboardData(range);
  const total = data.perDay.reduce((s, d) => s + d.value, 0);
  const count = (v: number) => groupLakh(v, { devanagari });
  const charts = await Promise.all([
    chartView(
      "trekkers-per-day",
      {
        title: say("Trekkers per day"),
        description: say("Cards issued each day from {{from}} to the day before {{to}}: {{total}} in all.", {
          from: range.from,
          to: range.to,
          total: count(total),
        }),
        data: figuresData(data.perDay.map((d) => ({ label: d.label.slice(5), value: d.value }))),
        kind: data.perDay.length > 31 ? "line" : "column",
        labelTitle: say("Day"),
        valueTitle: say("Trekkers"),
      },
      count,
    ),
    chartView(
      "revenue-by-method",
      {
        title: say("Revenue by payment method"),
        description: say("Revenue in rupees by payment method: {{total}} in all.", { total: rupees(data.revenue.totalPaisa) }),
        data: data.revenue.byMethod.map((m) => ({ label: say(m.label), value: m.value / 100 })),
        kind: "bar",
        labelTitle: say("Method"),
        valueTitle: say("NRs."),
      },
      (v) => rupees(Math.round(v * 100)),
    ),
    chartView(
      "top-countries",
      {
        title: say("Top countries"),
        description: describeTop(
          data.topCountries,
          say,
          { none: "No countries in this range.", some: "{{count}} countries; the first is {{name}} with {{value}} trekkers." },
          devanagari,
        ),
        data: figuresData(data.topCountries),
        kind: "bar",
        labelTitle: say("Country"),
        valueTitle: say("Trekkers"),
      },
      count,
    ),
    chartView(
      "on-trail",
      {
        title: say("Trekkers on the trail now, by route"),
        description: describeTop(
          data.onTrail,
          say,
          {
            none: "No routes with trekkers on the trail in this range.",
            some: "{{count}} routes with trekkers on the trail; the first is {{name}} with {{value}} trekkers.",
          },
          devanagari,
        ),
        data: figuresData(data.onTrail),
        kind: "bar",
        labelTitle: say("Route"),
        valueTitle: say("Trekkers"),
      },
      count,
    ),
  ]);
  return { data, charts };
}
