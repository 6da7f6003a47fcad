import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, redirect, useLoaderData, useLocation } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage, requirePermission } from "~/utils/list.server";
import { trekkersListView } from "@modules/cards/index.ui";
import { trekkersList, viewerTrekkers } from "~/utils/trekker-lists.server";
import { TrekkerListTabs } from "~/components/trekker-list-tabs";
import { can } from "@modules/permissions";

import { pageTexts } from "~/utils/language.server";
export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Trekkers" };

/**
 * Trekkers (spec 2 §2): the board and TAAN see every trekker, an agency its own (no Agency
 * column), a checkpost those it registered. Each row offers what the cards module allows; a row
 * opens the trekker side panel, except for TAAN. A checkpost has a second list, its Scanned
 * Trekkers (/trekkers/scanned, ADR 0038), which it sees first: /trekkers sends it there unless
 * it asked for this list (?tab=trekkers, as the tabs and the overdue links do).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "trekkers");
  const url = new URL(request.url);
  const scans = can(user, "scan");
  if (scans && url.pathname === "/trekkers" && url.searchParams.get("tab") !== "trekkers") {
    url.searchParams.delete("tab");
    throw redirect(`/trekkers/scanned${url.search}`);
  }
  const { source, hidden, opensPanel } = viewerTrekkers(user);
  return { scans, list: await loadListPage(trekkersList, request, source, { hidden }), opensPanel, texts: await pageTexts(request, ["staff"]) };
}

export default function Trekkers() {
  const { scans, list, opensPanel } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <section>
      <PageHeader title="Trekkers" actions={<ExportButton to="/trekkers/export" fileName={trekkersListView.csv.fileName} list={list} />} />
      {scans ? <TrekkerListTabs active="trekkers" /> : null}
      <ListView
        definition={trekkersListView}
        data={list}
        rowKey={(r) => r.trekkerId}
        rowHref={opensPanel ? (r) => `/trekkers/${r.trekkerId}${search}` : undefined}
      />
      <Outlet />
    </section>
  );
}
