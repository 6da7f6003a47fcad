import type { LoaderFunctionArgs } from "@remix-run/node";
import { useT } from "@lib/i18n/context";
import { redirect, useLoaderData } from "@remix-run/react";
import { kathmanduDate, displayDateTime } from "@lib/dates";
import { requireUser } from "~/utils/guards.server";
import { dashboardPage, rangeFromQuery, rangeOffer } from "@modules/dashboard/index.server";
import { ChartFigure, RangeForm, rupees } from "@modules/dashboard/index.ui";
import { landingPath } from "@modules/users/index.server";
import { can } from "@modules/users/index.server";
import { overdueSummary } from "@modules/overdue/index.server";
import { OverdueBlock } from "@modules/overdue/index.ui";
import { groupLakh } from "@lib/numbers";
import { pageTexts, requestMessages, requestTranslator } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Dashboard" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Spec 1 §2.2: a role without the dashboard is sent to its own landing page, not a 403.
  if (!can(user, "dashboard")) throw redirect(landingPath(user));
  const today = kathmanduDate();
  const { range, error } = rangeFromQuery(new URL(request.url).searchParams, today);
  // The charts are drawn on the server with their words in them: in the page's language.
  const translator = await requestTranslator(request);
  const [page, overdue, say] = await Promise.all([dashboardPage(range, translator.t, translator.lng === "ne"), overdueSummary(user), requestMessages(request)]);
  return { ...page, overdue, error: error && say(error), offer: rangeOffer(range, today), texts: await pageTexts(request, ["staff", "money"]) };
}

function Block({ id, title, value, testId, children }: { id: string; title: string; value: React.ReactNode; testId: string; children?: React.ReactNode }) {
  const { t } = useT();
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-5 shadow-sm">
      <h2 id={id} className="text-sm font-medium text-slate-600">
        {t(title)}
      </h2>
      <p className="mt-2 text-3xl font-bold text-slate-800" data-testid={testId}>
        {value}
      </p>
      {children}
    </section>
  );
}

/** Figures by a label of the app's own (a card status, a user type, a payment method), said in the page's language. */
function Figures({ rows, format, testId }: { rows: { label: string; value: number }[]; format?: (v: number) => string; testId: string }) {
  const { t, lng } = useT();
  return (
    <dl className="mt-3 grid grid-cols-2 gap-1 text-xs text-slate-600" data-testid={testId}>
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt>{t(row.label)}</dt>
          <dd className="text-right font-medium">{format ? format(row.value) : groupLakh(row.value, { devanagari: lng === "ne" })}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The rupee sign as shown, "NRs." for a screen reader. */
function Rupees({ paisa }: { paisa: number }) {
  const { t } = useT();
  const [sign, ...amount] = rupees(paisa).split(" ");
  return (
    <>
      <span aria-hidden="true">{sign}</span>
      <span className="sr-only">{t("NRs.")}</span> {amount.join(" ")}
    </>
  );
}

function RankList({ rows, testId, empty }: { rows: { label: string; value: number }[]; testId: string; empty: string }) {
  const { t, lng } = useT();
  return (
    <ol className="mt-2 divide-y divide-slate-100 text-sm" data-testid={testId}>
      {rows.map((r) => (
        <li key={r.label} className="flex justify-between gap-2 py-1.5">
          <span>{r.label}</span>
          <span className="tabular-nums">{groupLakh(r.value, { devanagari: lng === "ne" })}</span>
        </li>
      ))}
      {!rows.length && <li className="py-1.5 text-slate-600">{t(empty)}</li>}
    </ol>
  );
}

function ListCard({ id, title, refresh, children }: { id: string; title: string; refresh: string; children: React.ReactNode }) {
  const { t } = useT();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-sm font-semibold text-slate-700">
          {t(title)}
        </h2>
        <a
          href={refresh}
          className="rounded border border-slate-300 px-2 py-0.5 text-xs text-blue-800 hover:bg-slate-50"
          aria-label={t("Refresh {{title}}", { title: t(title) })}
        >
          {t("Refresh")}
        </a>
      </div>
      {children}
    </section>
  );
}

export default function Dashboard() {
  const { t, lng } = useT();
  const { data, charts, overdue, error, offer } = useLoaderData<typeof loader>();
  const count = (value: number) => groupLakh(value, { devanagari: lng === "ne" });
  const refresh = `?from=${data.range.from}&to=${data.range.to}`;
  const nrs = (paisa: number) => rupees(paisa);
  return (
    <div className="space-y-6">
      <RangeForm range={data.range} error={error} label="Dashboard date range" offer={offer} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Block id="trekker-summary" title="Trekker" value={count(data.trekkers.registered)} testId="trekkers-registered">
          <p className="mt-1 text-xs text-slate-600">{t("Cards issued in the range; card moves by status:")}</p>
          <Figures rows={data.trekkers.byStatus} testId="trekkers-by-status" />
        </Block>
        <Block id="revenue-summary" title="Revenue" value={<Rupees paisa={data.revenue.totalPaisa} />} testId="revenue-total">
          <Figures rows={data.revenue.byMethod} format={nrs} testId="revenue-by-method" />
        </Block>
        <Block id="users-summary" title="Users" value={lng === "ne" ? count(data.users.total) : String(data.users.total)} testId="users-total">
          <Figures rows={data.users.byType.map((t) => ({ label: t.name, value: t.count }))} testId="users-by-type" />
        </Block>
        <Block id="route-summary" title="Route" value={lng === "ne" ? count(data.routes.active) : String(data.routes.active)} testId="routes-active">
          <p className="mt-1 text-xs text-slate-600">{t("Active routes")}</p>
          <p className="mt-2 text-xs text-slate-600" data-testid="busiest-route">
            {data.routes.busiest
              ? t("Busiest: {{route}} ({{count}})", { route: data.routes.busiest.label, count: count(data.routes.busiest.value) })
              : t("Busiest: none in this range")}
          </p>
        </Block>
        {/* The board's overdue trekkers (issue 18): open alerts whatever the date range. */}
        {overdue ? <OverdueBlock summary={overdue} /> : null}
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        {charts.map((c) => (
          <ChartFigure key={c.id} chart={c} />
        ))}
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <ListCard id="recent-trekkers" title="Recent Trekkers" refresh={refresh}>
          <ol className="mt-2 divide-y divide-slate-100 text-sm" data-testid="recent-trekkers-list">
            {data.recent.map((card) => (
              <li key={card.trekkerId} className="py-1.5">
                <span className="font-medium text-slate-800">{card.fullName}</span>
                <span className="block text-xs text-slate-600">
                  {card.country} · {card.routeName} · {displayDateTime(card.issuedAt, lng)}
                </span>
              </li>
            ))}
            {!data.recent.length && <li className="py-1.5 text-slate-600">{t("No cards issued in this range.")}</li>}
          </ol>
        </ListCard>
        <ListCard id="top-agencies" title="Top Trekking Agency" refresh={refresh}>
          <RankList rows={data.topAgencies} testId="top-agencies-list" empty="No agency registered trekkers in this range." />
        </ListCard>
        <ListCard id="top-countries" title="Top Countries" refresh={refresh}>
          <RankList rows={data.topCountries} testId="top-countries-list" empty="No trekkers in this range." />
        </ListCard>
      </div>
    </div>
  );
}
