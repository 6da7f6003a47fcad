import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { kathmanduDate } from "@lib/dates";
import { requirePermission } from "~/utils/guards.server";
import { rangeFromQuery, rangeOffer, reportCharts, sayReports, seasonReport } from "@modules/dashboard/index.server";
import { useT } from "@lib/i18n/context";
import { pageTexts, requestMessages, requestTranslator } from "~/utils/language.server";
import { ChartFigure, RangeForm, ReportTableView } from "@modules/dashboard/index.ui";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Reports" };

/** Season reports (issue 17; board only): by default the last 120 days with today. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "reports");
  const today = kathmanduDate();
  const { range, error } = rangeFromQuery(new URL(request.url).searchParams, today, 120);
  // The tables and charts in the page's language (the charts' words are in their server-drawn SVG); the CSV files stay English.
  const translator = await requestTranslator(request);
  const tables = sayReports(await seasonReport(range), translator.t);
  const charts = await reportCharts(tables, translator.t, translator.lng === "ne");
  const say = await requestMessages(request);
  return { range, error: error && say(error), tables, charts, offer: rangeOffer(range, today), texts: await pageTexts(request, ["staff", "money"]) };
}

export default function Reports() {
  const { t } = useT();
  const { range, error, tables, charts, offer } = useLoaderData<typeof loader>();
  const q = `from=${range.from}&to=${range.to}`;
  return (
    <div className="space-y-6">
      <RangeForm range={range} error={error} label="Report date range" offer={offer} />
      <p className="text-sm">
        <a href={`/reports/pdf?${q}`} className="rounded border border-slate-300 bg-white px-3 py-1.5 text-blue-800 hover:bg-slate-50" data-testid="report-pdf">
          {t("Download all as PDF")}
        </a>
      </p>
      {tables.map((table, i) => (
        <section key={table.id} aria-labelledby={`${table.id}-title`} className="space-y-3 rounded-lg bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`${table.id}-title`} className="text-base font-semibold text-slate-800">
              {table.title}
            </h2>
            <a
              href={`/reports/export?report=${table.id}&${q}`}
              className="rounded border border-slate-300 px-2 py-1 text-sm text-blue-800 hover:bg-slate-50"
              aria-label={t("Download {{title}} as CSV", { title: table.title })}
            >
              {t("CSV")}
            </a>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="min-w-0 overflow-x-auto">
              <ReportTableView table={table} />
            </div>
            {charts[i] && <ChartFigure chart={charts[i]} />}
          </div>
        </section>
      ))}
    </div>
  );
}
