import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { LinkButton } from "@lib/ui/button";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage, requirePermission } from "~/utils/list.server";
import { trekkingHistoryList } from "@modules/cards/index.ui";
import { trekkingHistorySource } from "@modules/cards/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Trekking History" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "trekkingHistory");
  return { list: await loadListPage(trekkingHistoryList, request, () => trekkingHistorySource(user)) };
}

export default function TrekkingHistory() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader
        title="Trekking History"
        actions={
          <div className="flex items-start gap-2">
            <ExportButton to="/trekking-history/export" fileName={trekkingHistoryList.csv.fileName} list={list} />
            <LinkButton to="/new-register">Register new trek</LinkButton>
          </div>
        }
      />
      <ListView definition={trekkingHistoryList} data={list} rowKey={(r) => r.trekkerId} />
      <Outlet />
    </section>
  );
}
