import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage, requirePermission } from "~/utils/list.server";
import { InvoiceVoids, billingList } from "@modules/payments/index.billing-list";
import { billListHidden, billListSource, invoiceVoids, listRefunds, seesAllBills } from "@modules/payments/index.server";
import { can } from "@modules/permissions";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Billing" };

/**
 * Billing (spec 2 §2): free trekkers, agencies and checkposts see the bills they paid, the board
 * and TAAN all bills. A row opens Receipt Details. The board also sees how many payments are owed
 * a refund (captured money that issued nothing), with a link to settle them.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "billing");
  const [list, refundsDue] = await Promise.all([
    loadListPage(billingList, request, () => billListSource(user), { hidden: billListHidden(user) }),
    can(user, "refunds") ? listRefunds({ status: "due", offset: 0, limit: 1 }).then((r) => r.total) : Promise.resolve(null),
  ]);
  // Invoice numbers no bill carries, each run with its reason (issue 25): for those who see every bill.
  const voids = seesAllBills(user) ? await invoiceVoids({ offset: 0, limit: 200 }) : null;
  return { list, refundsDue, voids };
}

export default function Billing() {
  const { list, refundsDue, voids } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <section>
      <div className="no-print" data-print-hide>
        <PageHeader title="Billing" actions={<ExportButton to="/billing/export" fileName={billingList.csv.fileName} list={list} />} />
        {refundsDue ? (
          <p role="status" className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {refundsDue === 1 ? "1 payment captured money but issued nothing and is" : `${refundsDue} payments captured money but issued nothing and are`} owed a refund.{" "}
            <Link to="/refunds" className="font-medium underline">
              Refunds due
            </Link>
          </p>
        ) : null}
        <ListView definition={billingList} data={list} rowKey={(r) => r.id} rowHref={(r) => `/billing/${r.id}${search}`} />
        <InvoiceVoids voids={voids} />
      </div>
      <Outlet />
    </section>
  );
}
