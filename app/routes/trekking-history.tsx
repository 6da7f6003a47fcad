import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { LinkButton } from "@lib/ui/button";
import { useT } from "@lib/i18n/context";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage, requirePermission } from "~/utils/list.server";
import { trekkingHistoryListView } from "@modules/cards/index.ui";
import { trekkingHistoryList } from "@modules/cards/index.server";
import { trekkingHistorySource } from "@modules/cards/index.server";

import { pageTexts } from "~/utils/language.server";
export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Trekking History" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "trekkingHistory");
  return { list: await loadListPage(trekkingHistoryList, request, () => trekkingHistorySource(user)), texts: await pageTexts(request, ["staff"]) };
}

export default function TrekkingHistory() {
  const { list } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section>
      <PageHeader
        title="Trekking History"
        actions={
          <div className="flex items-start gap-2">
            <ExportButton to="/trekking-history/export" fileName={trekkingHistoryListView.csv.fileName} list={list} />
            <LinkButton to="/new-register">{t("Register new trek")}</LinkButton>
          </div>
        }
      />
      <ListView definition={trekkingHistoryListView} data={list} rowKey={(r) => r.trekkerId} />
      <Outlet />
    </section>
  );
}
