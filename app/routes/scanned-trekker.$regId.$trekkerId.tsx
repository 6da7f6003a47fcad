import type { LoaderFunctionArgs } from "@remix-run/node";
import { useT } from "@lib/i18n/context";
import { Link, useLoaderData } from "@remix-run/react";
import { displayDate, displayDateTime } from "@lib/dates";
import { paramId, notFound } from "@lib/param-id";
import { PageHeader } from "@lib/ui/page-header";
import { Tabs } from "@lib/ui/tabs";
import { DataTable, Say } from "@lib/ui/table";
import { requirePermission } from "~/utils/guards.server";
import { PrintableCard } from "@modules/cards/index.card";
import { cardNumberText } from "@modules/cards";
import { cardForScanner } from "@modules/cards/index.server";
import { METHOD_LABELS } from "@modules/checkins";
import { CheckLabel } from "@modules/checkins/index.ui";
import { richText } from "@lib/i18n/rich";
import { pageTexts } from "~/utils/language.server";
import { checkinsOf, hasScanned } from "@modules/checkins/index.server";
import { routeCheckpoints } from "@modules/trek-routes/index.server";
import { recordTrekkerView } from "@modules/privacy/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Scanned Trekker" };

/**
 * The scanned trekker (spec 2 §2): whose card it is (photo, name), the card preview, the card's
 * row, and the route's checkpoints with when the trekker passed each so far, then the scans that
 * refused the card. Only for the checkpost that scanned this trekker's card.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "scan");
  const regId = paramId(params, "regId");
  const trekkerId = paramId(params, "trekkerId");
  if (!(await hasScanned(user.id, trekkerId))) throw notFound();
  const { trekker, card } = await cardForScanner(trekkerId);
  if (trekker.registrationId !== regId) throw notFound();
  // A checkpost never registers the trekkers it scans: every view is audited (modules/privacy).
  await recordTrekkerView(user, "scanned-trekker", [{ trekkerId, registeredBy: null }]);
  const [scans, points] = await Promise.all([checkinsOf(trekkerId), routeCheckpoints(trekker.routeId)]);
  const tab = new URL(request.url).searchParams.get("tab") === "cards" ? "cards" : "info";
  // A refused card's sighting is no step of the trail: it is listed below it, marked (ADR 0028).
  const checkins = scans.filter((c) => !c.refusedReason);
  const refused = scans.filter((c) => c.refusedReason).map((c) => ({ id: c.id, place: c.place, at: c.at, reason: c.refusedReason ?? "" }));
  // Each checkpoint of the route with the first time the trekker was recorded there; places off the list (self check-ins) after.
  const trail = points.map((p) => ({
    place: p.name,
    at: checkins.find((c) => c.place === p.name)?.at ?? null,
    how: checkins.find((c) => c.place === p.name)?.method ?? null,
  }));
  const elsewhere = checkins
    .filter((c) => !points.some((p) => p.name === c.place))
    .map((c) => ({ place: c.place, at: c.at, how: c.method, offRoute: c.offRoute }));
  return { trekker, card, tab, trail: [...trail, ...elsewhere], checkinCount: checkins.length, refused, texts: await pageTexts(request, ["staff"]) } as const;
}

export default function ScannedTrekker() {
  const { trekker, card, tab, trail, checkinCount, refused } = useLoaderData<typeof loader>();
  const base = `/scanned-trekker/${trekker.registrationId}/${trekker.trekkerId}`;
  const translator = useT();
  const { t, lng } = translator;
  return (
    <section className="space-y-5">
      <PageHeader
        title={trekker.fullName}
        breadcrumbs={[{ label: "Scan", to: "/scan" }, { label: trekker.fullName }]}
        actions={
          <Link to="/scan" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white">
            {t("Scan next")}
          </Link>
        }
      />
      <div className="flex items-center gap-4 rounded-lg bg-white p-4 shadow-sm">
        <img src={trekker.photoSrc} alt={t("Photo of {{name}}", { name: trekker.fullName })} className="h-24 w-24 rounded-md object-cover" />
        <div>
          <p className="text-lg font-semibold">{trekker.fullName}</p>
          <p className="text-sm text-slate-600">
            {t("{{route}} · {{from}} to {{to}}", {
              route: trekker.routeName,
              from: displayDate(trekker.entryDate, lng),
              to: displayDate(trekker.exitDate, lng),
            })}
          </p>
          <p className="text-sm">{richText(translator, "Status: {{status}}", { status: <strong data-testid="card-status">{t(trekker.status)}</strong> })}</p>
        </div>
      </div>
      <Tabs
        label="Scanned trekker"
        tabs={[
          { label: "Trekker Information", to: base, active: tab === "info" },
          { label: "TIMS Cards", to: `${base}?tab=cards`, active: tab === "cards" },
        ]}
      />
      {tab === "info" ? (
        <div className="space-y-5">
          {card ? (
            <PrintableCard card={card} />
          ) : (
            <p className="rounded bg-white p-6 text-slate-600 shadow-sm">{t("This trekker has no card ({{status}}).", { status: t(trekker.status) })}</p>
          )}
          <section aria-labelledby="trail-heading" className="space-y-2">
            <h2 id="trail-heading" className="text-lg font-semibold">
              {checkinCount === 1
                ? t("Route so far ({{count}} check-in)", { count: checkinCount })
                : t("Route so far ({{count}} check-ins)", { count: checkinCount })}
            </h2>
            <ol className="space-y-1 rounded-lg bg-white p-4 shadow-sm" data-testid="trail">
              {trail.map((stop, index) => (
                <li key={`${stop.place}-${index}`} className="flex flex-wrap justify-between gap-2 text-sm">
                  <span
                    className={"offRoute" in stop && stop.offRoute ? "font-medium text-amber-800" : stop.at ? "font-medium text-green-800" : "text-slate-500"}
                  >
                    {stop.at ? "✓ " : "○ "}
                    {stop.place}
                    {"offRoute" in stop && stop.offRoute ? ` ${t("(off route)")}` : ""}
                  </span>
                  <span className="text-slate-600">{stop.at ? `${displayDateTime(stop.at, lng)} (${t(METHOD_LABELS[stop.how ?? "qr"])})` : t("not yet")}</span>
                </li>
              ))}
            </ol>
          </section>
          {refused.length ? (
            <section aria-labelledby="refused-heading" className="space-y-2">
              <h2 id="refused-heading" className="text-lg font-semibold">
                {t("Refused scans")}
              </h2>
              <ul className="space-y-1 rounded-lg border border-red-300 bg-red-50 p-4" data-testid="refused-scans">
                {refused.map((r) => (
                  <li key={r.id} className="flex flex-wrap justify-between gap-2 text-sm text-red-900">
                    <span className="font-medium">
                      {r.place}: <CheckLabel row={{ direction: "in", refusedReason: r.reason }} />
                    </span>
                    <span>{displayDateTime(r.at, lng)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : (
        <DataTable
          caption="TIMS cards"
          rows={[trekker]}
          columns={[
            { key: "card", header: "Card Number", cell: (t) => cardNumberText(t.cardNumber) },
            { key: "route", header: "Trekking Area", cell: (t) => t.routeName },
            { key: "entry", header: "Start Date", cell: (t) => displayDate(t.entryDate, lng) },
            { key: "exit", header: "End Date", cell: (t) => displayDate(t.exitDate, lng) },
            { key: "status", header: "Status", cell: (t) => <Say text={t.status} /> },
          ]}
        />
      )}
    </section>
  );
}
