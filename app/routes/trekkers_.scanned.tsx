import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage, requirePermission } from "~/utils/list.server";
import { checkinListView } from "@modules/checkins/index.ui";
import { scannedTrekkersList } from "@modules/checkins/index.server";
import { viewerScans } from "~/utils/trekker-lists.server";
import { TrekkerListTabs } from "~/components/trekker-list-tabs";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Trekkers" };

/**
 * A checkpost's Scanned Trekkers (spec 2 §2): the check-ins it recorded and the cards it refused,
 * the list it sees first under Trekkers (/trekkers sends it here). Its own route, so the
 * Trekkers list's page loads none of it (ADR 0038).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "scan");
  const { source, hidden } = viewerScans(user);
  return { list: await loadListPage(scannedTrekkersList, request, source, { hidden }), texts: await pageTexts(request, ["staff"]) };
}

export default function ScannedTrekkers() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader title="Trekkers" actions={<ExportButton to="/scanned-trekkers/export" fileName={checkinListView.csv.fileName} list={list} />} />
      <TrekkerListTabs active="scanned" />
      <ListView
        definition={checkinListView}
        data={list}
        rowKey={(r) => r.id}
        rowHref={(r) => `/scanned-trekker/${r.registrationId}/${r.trekkerId}`}
        caption="Scanned trekkers"
      />
    </section>
  );
}
