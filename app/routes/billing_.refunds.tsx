import type { LoaderFunctionArgs } from "@remix-run/node";
import { useT } from "@lib/i18n/context";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { Pagination } from "@lib/ui/pagination";
import { DataTable } from "@lib/ui/table";
import { displayDate } from "@lib/dates";
import { parsePaging } from "@lib/pagination";
import { requirePermission } from "~/utils/guards.server";
import { BillingTabs } from "~/components/billing-tabs";
import { formatNrs } from "@modules/registration";
import { seesAllBills } from "@modules/payments";
import { billingRefunds } from "@modules/payments/index.server";
import { can } from "@modules/permissions";
import { Say } from "@lib/ui/table";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Billing" };

/**
 * Billing › Refunds (issue 25, 3b): payments that were taken but bought nothing, and whether each
 * has been paid back. Scoped as bills are: the payer sees the refunds owed to them, the board and
 * TAAN every one. A payment that bought nothing has no bill and no receipt; this is its record.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "billing");
  const { pageIndex, pageSize } = parsePaging(new URL(request.url).searchParams);
  const { rows, total } = await billingRefunds(user, { offset: pageIndex * pageSize, limit: pageSize });
  return {
    rows,
    total,
    pageIndex,
    pageSize,
    showPayer: seesAllBills(user),
    canMark: can(user, "refunds"),
    texts: await pageTexts(request, ["staff", "money"]),
  };
}

export default function BillingRefunds() {
  const { t, lng } = useT();
  const { rows, total, pageIndex, pageSize, showPayer, canMark } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader title="Billing" />
      <BillingTabs active="refunds" />
      <p className="mt-3 text-sm text-slate-600">
        {t(
          "Payments that were taken but bought nothing (the registration had already been paid, or its trekkers changed after the payment started). They have no receipt: each is owed back, and shows",
        )}{" "}
        <strong>{t("Refund due")}</strong> {t("until it is paid back, then")} <strong>{t("Refunded")}</strong>{" "}
        {t("with the refund's reference, date and who made it.")}
      </p>
      <DataTable
        className="mt-4"
        rows={rows}
        rowKey={(r) => r.id}
        emptyText="No refunds."
        columns={[
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
          ...(showPayer ? [{ key: "payer", header: "Payer", cell: (r: (typeof rows)[number]) => r.payer }] : []),
          {
            key: "method",
            header: "Payment Medium",
            cell: (r) => (
              <>
                <span className="block">{r.gateway}</span>
                <span className="block font-mono text-xs text-slate-500">{r.paymentRef}</span>
              </>
            ),
          },
          { key: "amount", header: "Amount", cell: (r) => formatNrs(r.amountPaisa) },
          { key: "date", header: "Payment Date", cell: (r) => displayDate(r.dueSince, lng) },
          { key: "reason", header: "Reason", cell: (r) => <Say text={r.reason} /> },
          {
            key: "status",
            header: "Status",
            cell: (r) => (
              <span
                data-testid="refund-status"
                className={
                  r.status === "due"
                    ? "rounded bg-amber-100 px-2 py-0.5 font-medium text-amber-900"
                    : "rounded bg-green-100 px-2 py-0.5 font-medium text-green-900"
                }
              >
                <Say text={r.statusLabel} />
              </span>
            ),
          },
          {
            key: "refund",
            header: "Refund",
            cell: (r) =>
              r.status === "refunded" ? (
                <span data-testid="refund-reference">
                  <span className="block font-mono">{r.reference}</span>
                  <span className="block text-xs text-slate-500">
                    {displayDate(r.refundedAt, lng)}
                    {r.refundedBy ? t(", by {{name}}", { name: r.refundedBy }) : ""}
                  </span>
                </span>
              ) : canMark ? (
                <Link
                  to={`/refunds/${r.id}`}
                  className="font-medium text-blue-700 underline"
                  aria-label={t("Mark refunded: registration {{id}}", { id: String(r.registrationId) })}
                >
                  {t("Mark refunded")}
                </Link>
              ) : (
                <span className="text-slate-500">{t("Not yet refunded")}</span>
              ),
          },
        ]}
      />
      <Pagination pageIndex={pageIndex} pageSize={pageSize} totalRows={total} className="mt-4" />
    </section>
  );
}
