import { chartView, describeTop, figuresData } from "./charts.server";
import type { ChartView } from "./chart-view";
import { dashboardData, type DashboardData } from "./overview.server";
import { rupees, type DateRange } from "./range";
import { groupLakh } from "@lib/numbers";

export interface DashboardPage {
  data: DashboardData;
  charts: ChartView[];
}

/** The dashboard's figures and its four charts, drawn on the server. */
export async function dashboardPage(range: DateRange): Promise<DashboardPage> {
  const data = await dashboardData(range);
  const total = data.perDay.reduce((s, d) => s + d.value, 0);
  const charts = await Promise.all([
    chartView("trekkers-per-day", {
      title: "Trekkers per day",
      description: `Cards issued each day from ${range.from} to the day before ${range.to}: ${groupLakh(total)} in all.`,
      data: figuresData(data.perDay.map((d) => ({ label: d.label.slice(5), value: d.value }))),
      kind: data.perDay.length > 31 ? "line" : "column",
      labelTitle: "Day",
      valueTitle: "Trekkers",
    }),
    chartView(
      "revenue-by-method",
      {
        title: "Revenue by payment method",
        description: `Revenue in rupees by payment method: ${rupees(data.revenue.totalPaisa)} in all.`,
        data: data.revenue.byMethod.map((m) => ({ label: m.label, value: m.value / 100 })),
        kind: "bar",
        labelTitle: "Method",
        valueTitle: "NRs.",
      },
      (v) => rupees(Math.round(v * 100)),
    ),
    chartView("top-countries", {
      title: "Top countries",
      description: describeTop("countries", data.topCountries, "trekkers"),
      data: figuresData(data.topCountries),
      kind: "bar",
      labelTitle: "Country",
      valueTitle: "Trekkers",
    }),
    chartView("on-trail", {
      title: "Trekkers on the trail now, by route",
      description: describeTop("routes with trekkers on the trail", data.onTrail, "trekkers"),
      data: figuresData(data.onTrail),
      kind: "bar",
      labelTitle: "Route",
      valueTitle: "Trekkers",
    }),
  ]);
  return { data, charts };
}
