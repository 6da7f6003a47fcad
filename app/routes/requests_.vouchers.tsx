import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage, requirePermission } from "~/utils/list.server";
import { RequestTabs } from "~/components/request-tabs";
import { vouchersList } from "@modules/payments/index.ui";
import { voucherListSource } from "@modules/payments/index.server";
import { can } from "@modules/permissions";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Requests" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "requestsVouchers");
  return {
    list: await loadListPage(vouchersList, request, voucherListSource),
    returns: can(user, "requestsCardReturns"),
    texts: await pageTexts(request, ["staff", "admin"]),
  };
}

export default function Vouchers() {
  const { list, returns } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <section>
      <PageHeader title="Requests" actions={<ExportButton to="/requests/vouchers/export" fileName={vouchersList.csv.fileName} list={list} />} />
      <RequestTabs active="vouchers" vouchers returns={returns} />
      <div className="mt-4">
        <ListView definition={vouchersList} data={list} rowKey={(r) => r.id} rowHref={(r) => `/requests/vouchers/${r.id}${search}`} />
      </div>
      <Outlet />
    </section>
  );
}
