import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage, requirePermission } from "~/utils/list.server";
import { RequestTabs } from "~/components/request-tabs";
import { agencyRequestsList } from "@modules/agencies/index.ui";
import { agencyRequestSource, can } from "@modules/users/index.server";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Requests" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "requests");
  const list = await loadListPage(agencyRequestsList, request, agencyRequestSource);
  return { list, vouchers: can(user, "requestsVouchers"), returns: can(user, "requestsCardReturns"), texts: await pageTexts(request, ["staff", "admin"]) };
}

export default function Requests() {
  const { list, vouchers, returns } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader title="Requests" actions={<ExportButton to="/requests/export" fileName={agencyRequestsList.csv.fileName} list={list} />} />
      <RequestTabs active="agencies" vouchers={vouchers} returns={returns} />
      <div className="mt-4">
        <ListView definition={agencyRequestsList} data={list} rowKey={(r) => r.id} rowHref={(r) => `/requests/${r.id}`} />
      </div>
    </section>
  );
}
