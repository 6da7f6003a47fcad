import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage, pageTexts, requestTranslator, requirePermission } from "~/utils/list.server";
import { billingList } from "@modules/payments/index.ui";
import { invoiceVoidsHtml } from "~/components/payments/invoice-voids-html.server";
import { billingNotices, billListHidden, billListSource } from "@modules/payments/index.server";
import { formatNrs } from "@lib/numbers";
import { seesAllBills } from "@modules/payments";
import { can } from "@modules/permissions";
import { BillingTabs } from "~/components/billing-tabs";
import { useT } from "@lib/i18n/context";
import type { Translator } from "@lib/i18n/translate";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Billing" };

/**
 * Billing (spec 2 §2): free trekkers, agencies and checkposts see the bills they paid, the board
 * and TAAN all bills. A row opens Receipt Details. Money taken that bought nothing has no bill: the
 * Refunds tab lists it, and this page says how much of it is still owed back (to the payer: theirs;
 * the board also gets a link to mark refunds paid).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "billing");
  // The refunds due, and for those who see every bill the invoice numbers no bill carries (each run
  // with its reason, issue 25): one statement beside the list's (issue 30).
  const [list, { refundsDue, voids }] = await Promise.all([
    loadListPage(billingList, request, () => billListSource(user), { hidden: billListHidden(user) }),
    billingNotices(user, { offset: 0, limit: 200 }),
  ]);
  const translator = await requestTranslator(request);
  const voidsHtml = invoiceVoidsHtml(voids, translator);
  // A bill's payment medium ("Voucher", "Card"; providers' names stay theirs) said here: no cell code in the page's script.
  const rows = list.rows.map((row) => ({ ...row, method: translator.t(row.method) }));
  return {
    list: { ...list, rows },
    refundsDue,
    refundsNotice: refundsNoticeText(refundsDue, seesAllBills(user), translator.t),
    marksRefunds: can(user, "refunds"),
    voidsHtml,
    texts: await pageTexts(request, ["staff", "money"]),
  };
}

/**
 * What the refunds due come to, said on the server in the page's language: its four sentences stay
 * out of the page's script (/billing is within a few hundred bytes of its 100 KB).
 */
function refundsNoticeText(due: { count: number; amountPaisa: number }, seesAll: boolean, t: Translator["t"]): string {
  const amount = formatNrs(due.amountPaisa);
  if (due.count === 1)
    return t(
      seesAll
        ? "1 payment was taken but bought nothing: {{amount}} is owed back to payers (refund due)."
        : "1 payment was taken but bought nothing: {{amount}} is owed back to you (refund due).",
      { amount },
    );
  return t(
    seesAll
      ? "{{count}} payments were taken but bought nothing: {{amount}} is owed back to payers (refund due)."
      : "{{count}} payments were taken but bought nothing: {{amount}} is owed back to you (refund due).",
    { count: due.count, amount },
  );
}

export default function Billing() {
  const { list, refundsDue, refundsNotice, marksRefunds, voidsHtml } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { t } = useT();
  return (
    <section>
      <div className="no-print" data-print-hide>
        <PageHeader title="Billing" actions={<ExportButton to="/billing/export" fileName={billingList.csv.fileName} list={list} />} />
        <BillingTabs active="bills" />
        {refundsDue.count ? (
          <p role="status" className="my-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="refunds-due-notice">
            {refundsNotice}{" "}
            <Link to={marksRefunds ? "/refunds" : "/billing/refunds"} className="font-medium underline">
              {t("Refunds due")}
            </Link>
          </p>
        ) : (
          <div className="mb-4" />
        )}
        <ListView definition={billingList} data={list} rowKey={(r) => r.id} rowHref={(r) => `/billing/${r.id}${search}`} />
        {voidsHtml ? <div dangerouslySetInnerHTML={{ __html: voidsHtml }} /> : null}
      </div>
      <Outlet />
    </section>
  );
}
