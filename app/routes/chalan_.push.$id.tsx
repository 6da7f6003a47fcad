import { useEffect } from "react";
import { useT } from "@lib/i18n/context";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { LinkButton } from "@lib/ui/button";
import { PageHeader } from "@lib/ui/page-header";
import { displayDate } from "@lib/dates";
import { paramId, notFound } from "@lib/param-id";
import { requirePermission } from "~/utils/guards.server";
import { pushOutcome } from "@modules/chalan";
import { getPush } from "@modules/chalan/index.server";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Push Chalan To ERP" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "chalan");
  const push = await getPush(paramId(params, "id"));
  if (!push) throw notFound();
  return { ...push, texts: await pageTexts(request, ["staff", "money"]) };
}

const STATUS_LABELS = { queued: "Waiting to start", running: "Pushing", done: "Finished", failed: "Failed" } as const;
const REFRESH_MS = 1500;

/**
 * A push's progress: live with JavaScript (the data is reloaded every 1.5 s while it runs), and
 * without it the page refreshes itself (a meta refresh inside <noscript>, which a browser running
 * scripts ignores).
 */
export default function PushProgress() {
  const { t, lng } = useT();
  const push = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const running = push.status === "queued" || push.status === "running";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  const done = push.pushedLines + push.refusedLines;
  const percent = push.totalLines ? Math.round((done / push.totalLines) * 100) : 0;
  const outcome =
    push.status === "done"
      ? push.refusedLines
        ? t(push.refusedLines === 1 ? "1 row refused" : "{{count}} rows refused", { count: push.refusedLines })
        : t(pushOutcome(push) ?? "")
      : null;
  // Counts in the page's digits (Devanagari in Nepali); in English as they were, without grouping.
  const count = (value: number) => (lng === "en" ? String(value) : value);
  // The logs by the dates the lines carry: a credit has its sale's date, maybe outside the range.
  const logFrom = push.firstSalesDate && push.firstSalesDate < push.startDate ? push.firstSalesDate : push.startDate;
  const logTo = push.lastSalesDate && push.lastSalesDate > push.endDate ? push.lastSalesDate : push.endDate;
  return (
    <section>
      {running && (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      )}
      <PageHeader title="Push Chalan To ERP" breadcrumbs={[{ label: "Chalan", to: "/chalan" }, { label: t("Push {{id}}", { id: String(push.id) }) }]} />
      <div className="max-w-2xl space-y-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <p className="text-sm text-gray-700">
          {t("{{from}} to {{to}}", { from: displayDate(push.startDate, lng), to: displayDate(push.endDate, lng) })}:{" "}
          <span data-testid="push-status">{t(STATUS_LABELS[push.status])}</span>
        </p>
        <div>
          <div
            className="h-3 w-full overflow-hidden rounded bg-gray-200"
            role="progressbar"
            aria-label={t("Rows sent")}
            aria-valuemin={0}
            aria-valuemax={push.totalLines}
            aria-valuenow={done}
          >
            <div className="h-3 bg-blue-700 transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-sm text-gray-700" data-testid="push-counts">
            {t("{{done}} of {{total}} rows sent: {{pushed}} pushed, {{refused}} refused", {
              done: count(done),
              total: count(push.totalLines),
              pushed: count(push.pushedLines),
              refused: count(push.refusedLines),
            })}
          </p>
          {push.creditLines > 0 && (
            <p className="mt-1 text-sm text-gray-700" data-testid="push-credits">
              {push.creditLines === 1
                ? t(
                    "1 of them is a credit row: it reverses cards sent as sold earlier that are no sale now (their payment was refunded, or no payment bought them).",
                  )
                : t(
                    "{{count}} of them are credit rows: they reverse cards sent as sold earlier that are no sale now (their payment was refunded, or no payment bought them).",
                    { count: push.creditLines },
                  )}
            </p>
          )}
        </div>
        <div aria-live="polite">
          {outcome && (
            <p className={push.refusedLines ? "font-medium text-amber-800" : "font-medium text-green-800"} data-testid="push-outcome">
              {outcome}
              {push.refusedLines > 0 && (
                <>
                  {" "}
                  <Link to={`/chalanlog?startDate=${logFrom}&endDate=${logTo}`} className="underline">
                    {t("See the Chalan Error Log")}
                  </Link>
                </>
              )}
            </p>
          )}
          {push.status === "failed" && (
            <p className="font-medium text-red-700" data-testid="push-outcome">
              {push.error ? t(push.error) : null}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <LinkButton to="/chalan" variant="secondary">
            {t("Back to Chalan")}
          </LinkButton>
          {push.status === "done" && push.pushedLines > 0 && (
            <LinkButton to={`/pushed-chalanlog?startDate=${logFrom}&endDate=${logTo}`} variant="secondary">
              {t("Pushed Chalan Log")}
            </LinkButton>
          )}
        </div>
      </div>
    </section>
  );
}
