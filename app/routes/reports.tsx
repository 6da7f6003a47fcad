import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { kathmanduDate } from "@lib/dates";
import { requirePermission } from "~/utils/guards.server";
import { rangeFromQuery, rangeOffer, reportCharts, seasonReport } from "@modules/dashboard/index.server";
import { ChartFigure, RangeForm, ReportTableView } from "@modules/dashboard/index.ui";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Reports" };

/** Season reports (issue 17; board only): by default the last 120 days with today. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "reports");
  const today = kathmanduDate();
  const { range, error } = rangeFromQuery(new URL(request.url).searchParams, today, 120);
  const tables = await seasonReport(range);
  return { range, error, tables, charts: await reportCharts(tables), offer: rangeOffer(range, today) };
}

export default function Reports() {
  const { range, error, tables, charts, offer } = useLoaderData<typeof loader>();
  const q = `from=${range.from}&to=${range.to}`;
  return (
    <div className="space-y-6">
      <RangeForm range={range} error={error} label="Report date range" offer={offer} />
      <p className="text-sm">
        <a href={`/reports/pdf?${q}`} className="rounded border border-slate-300 bg-white px-3 py-1.5 text-blue-800 hover:bg-slate-50" data-testid="report-pdf">
          Download all as PDF
        </a>
      </p>
      {tables.map((t, i) => (
        <section key={t.id} aria-labelledby={`${t.id}-title`} className="space-y-3 rounded-lg bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`${t.id}-title`} className="text-base font-semibold text-slate-800">
              {t.title}
            </h2>
            <a
              href={`/reports/export?report=${t.id}&${q}`}
              className="rounded border border-slate-300 px-2 py-1 text-sm text-blue-800 hover:bg-slate-50"
              aria-label={`Download ${t.title} as CSV`}
            >
              CSV
            </a>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="min-w-0 overflow-x-auto">
              <ReportTableView table={t} />
            </div>
            {charts[i] && <ChartFigure chart={charts[i]} />}
          </div>
        </section>
      ))}
    </div>
  );
}
