import type { RouteHandle } from "~/root";
import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { useT } from "@lib/i18n/context";
import { followerPage } from "@modules/overdue/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// A document page (ADR 0043): a follower opens it from an e-mail, on any phone, without an
// account; server HTML only, in the request's language (lib/i18n, the language switch above it).
export const handle: RouteHandle = { title: "Follow a Trek", chrome: false, page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

// The link is the key: never cached, never indexed, never sent on as a referrer.
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" };

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

// public: guarded by the signed, revocable token in the URL (issue 29 item 3). A bad, tampered,
// expired or revoked link is one and the same 404 that says nothing about any trek.
export async function loader({ params }: LoaderFunctionArgs) {
  const trek = await followerPage(String(params.token ?? "").slice(0, 400));
  return data({ trek }, { status: trek ? 200 : 404, headers: PRIVATE });
}

export default function FollowTrek() {
  const { trek } = useLoaderData<typeof loader>();
  const { t } = useT();
  if (!trek)
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-2xl font-semibold text-slate-800">{t("Page not found")}</h1>
        <p className="mt-3 text-slate-700" data-testid="follow-not-found">
          {t("This link does not open a trek. It may be incomplete, or the trekker may have stopped sharing the trek.")}
        </p>
      </div>
    );
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-semibold text-slate-800">{t("Follow a Trek")}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {t("This private page shows the trek's route, its dates and the checkpoints passed. Please do not share the link.")}
      </p>
      <dl className="mt-6 grid gap-3 rounded-lg bg-white p-5 shadow-sm sm:grid-cols-2" data-testid="follow-trek">
        <div className="sm:col-span-2">
          <dt className="text-xs uppercase text-slate-600">{t("Route")}</dt>
          <dd className="text-lg text-slate-800">{trek.routeName}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-600">{t("Entry")}</dt>
          <dd className="text-slate-800">
            {trek.entryPoint}, {trek.entryDate}
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-600">{t("Exit")}</dt>
          <dd className="text-slate-800">
            {trek.exitPoint}, {trek.exitDate}
          </dd>
        </div>
      </dl>
      <section className="mt-6 rounded-lg bg-white p-5 shadow-sm">
        <h2 className="font-semibold text-slate-800">{t("Checkpoints passed")}</h2>
        {trek.passed.length ? (
          <ol className="mt-3 space-y-2" data-testid="follow-passed">
            {trek.passed.map((p, i) => (
              <li key={i} className="flex justify-between gap-4 border-b border-slate-100 pb-2 last:border-0">
                <span className="text-slate-800">{p.place}</span>
                <span className="text-slate-600">{p.date}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-slate-700" data-testid="follow-passed">
            {t("No checkpoint has scanned the trekker's card yet.")}
          </p>
        )}
      </section>
    </div>
  );
}
