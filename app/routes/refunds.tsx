import type { LoaderFunctionArgs } from "@remix-run/node";
import { useT } from "@lib/i18n/context";
import { Link, Outlet, useLoaderData, useSearchParams } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { Pagination } from "@lib/ui/pagination";
import { DataTable } from "@lib/ui/table";
import { Tabs } from "@lib/ui/tabs";
import { displayDate } from "@lib/dates";
import { parsePaging } from "@lib/pagination";
import { requirePermission } from "~/utils/guards.server";
import { formatNrs } from "@modules/registration";
import { refundListParams } from "@modules/payments/index.server";
import { listRefunds } from "@modules/payments/index.server";
import { Say } from "@lib/ui/table";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Refunds" };

/**
 * Payments that captured money but issued nothing (issue 13, item 11): the board pays them back
 * outside the app and records it here with the reference.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "refunds");
  const params = new URL(request.url).searchParams;
  const { status } = refundListParams.parse({ status: params.get("status") ?? undefined });
  const { pageIndex, pageSize } = parsePaging(params);
  const { rows, total } = await listRefunds({ status, offset: pageIndex * pageSize, limit: pageSize });
  return { rows, total, pageIndex, pageSize, status, texts: await pageTexts(request, ["staff", "money"]) };
}

export default function Refunds() {
  const { t, lng } = useT();
  const { rows, total, pageIndex, pageSize, status } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const search = params.size ? `?${params}` : "";
  const due = status === "due";
  return (
    <section>
      <PageHeader title="Refunds" />
      <p className="mt-1 text-sm text-slate-600">
        {t(
          "Payments that were captured but bought nothing: the registration was already paid, or its trekkers changed after the payment started. Pay the money back through the gateway or the bank, then mark the payment refunded with its reference.",
        )}
      </p>
      <Tabs
        label="Refund status"
        className="mt-4"
        tabs={[
          { label: "Refund due", to: "/refunds", active: due },
          { label: "Refunded", to: "/refunds?status=refunded", active: !due },
        ]}
      />
      <DataTable
        className="mt-4"
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          {
            key: "payer",
            header: "Payer",
            cell: (r) => (
              <>
                <span className="block">{r.payer}</span>
                <span className="block text-xs text-slate-500">{r.payerEmail}</span>
              </>
            ),
          },
          {
            key: "registration",
            header: "Registration",
            cell: (r) => (
              <>
                <span className="block">#{r.registrationId}</span>
                <span className="block text-xs text-slate-500">{r.routeName}</span>
              </>
            ),
          },
          { key: "amount", header: "Amount", cell: (r) => formatNrs(r.amountPaisa) },
          {
            key: "gateway",
            header: "Gateway",
            cell: (r) => (
              <>
                <span className="block">{r.gateway}</span>
                <span className="block font-mono text-xs text-slate-500">{r.paymentRef}</span>
              </>
            ),
          },
          { key: "reason", header: "Reason", cell: (r) => <Say text={r.reason} /> },
          { key: "date", header: "Date", cell: (r) => displayDate(r.dueSince, lng) },
          due
            ? {
                key: "action",
                header: "Action",
                cell: (r) => (
                  <Link
                    to={`/refunds/${r.id}${search}`}
                    preventScrollReset
                    className="font-medium text-blue-700 underline"
                    aria-label={t("Mark refunded: {{name}}, registration {{id}}", { name: r.payer, id: String(r.registrationId) })}
                  >
                    {t("Mark refunded")}
                  </Link>
                ),
              }
            : {
                key: "reference",
                header: "Refund",
                cell: (r) => (
                  <>
                    <span className="block font-mono">{r.reference ?? ""}</span>
                    <span className="block text-xs text-slate-500">
                      {displayDate(r.refundedAt, lng)}
                      {r.refundedBy ? t(", by {{name}}", { name: r.refundedBy }) : ""}
                    </span>
                  </>
                ),
              },
        ]}
      />
      <Pagination pageIndex={pageIndex} pageSize={pageSize} totalRows={total} className="mt-4" />
      <Outlet />
    </section>
  );
}
