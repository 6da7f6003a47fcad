import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { requirePermission } from "~/utils/guards.server";
import { loadListPage } from "~/utils/list.server";
import { mayOpenPanels, trekkersList } from "@modules/cards";
import { trekkerListHidden, trekkerListSource } from "@modules/cards/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export const handle = { title: "Trekkers" };

/**
 * Trekkers (spec 2 §2): the board and TAAN see every trekker, an agency its own (no Agency
 * column), a checkpost those it registered. Each row offers what the cards module allows; a row
 * opens the trekker side panel, except for TAAN.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "trekkers");
  const list = await loadListPage(trekkersList, request, () => trekkerListSource(user), { hidden: trekkerListHidden(user) });
  return { list, opensPanel: mayOpenPanels(user) };
}

export default function Trekkers() {
  const { list, opensPanel } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <section>
      <PageHeader title="Trekkers" actions={<ExportButton to="/trekkers/export" fileName={trekkersList.csv.fileName} list={list} />} />
      <ListView
        definition={trekkersList}
        data={list}
        rowKey={(r) => r.trekkerId}
        rowHref={opensPanel ? (r) => `/trekkers/${r.trekkerId}${search}` : undefined}
       
      />
      <Outlet />
    </section>
  );
}
