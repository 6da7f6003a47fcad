import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { Tabs } from "@lib/ui/tabs";
import { loadListPage, requirePermission } from "~/utils/list.server";
import { trekkersList } from "@modules/cards/index.trekkers-list";
import { scannedTrekkersList } from "@modules/checkins/index.lists";
import { viewerScans, viewerTrekkers } from "~/utils/trekker-lists.server";
import { can } from "@modules/permissions";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Trekkers" };

/**
 * Trekkers (spec 2 §2): the board and TAAN see every trekker, an agency its own (no Agency
 * column), a checkpost those it registered. Each row offers what the cards module allows; a row
 * opens the trekker side panel, except for TAAN. A checkpost has a second tab, its Scanned
 * Trekkers, which it sees first.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "trekkers");
  const scans = can(user, "scan");
  const asked = new URL(request.url).searchParams.get("tab");
  if (scans && asked !== "trekkers") {
    const { source, hidden } = viewerScans(user);
    return { tab: "scanned" as const, scans, scanned: await loadListPage(scannedTrekkersList, request, source, { hidden }), list: null, opensPanel: false };
  }
  const { source, hidden, opensPanel } = viewerTrekkers(user);
  return { tab: "trekkers" as const, scans, scanned: null, list: await loadListPage(trekkersList, request, source, { hidden }), opensPanel };
}

export default function Trekkers() {
  const { tab, scans, scanned, list, opensPanel } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <section>
      <PageHeader
        title="Trekkers"
        actions={
          scanned ? (
            <ExportButton to="/scanned-trekkers/export" fileName={scannedTrekkersList.csv.fileName} list={scanned} />
          ) : list ? (
            <ExportButton to="/trekkers/export" fileName={trekkersList.csv.fileName} list={list} />
          ) : null
        }
      />
      {scans ? (
        <Tabs
          label="Trekker lists"
          className="mb-4"
          tabs={[
            { label: "Scanned Trekkers", to: "/trekkers?tab=scanned", active: tab === "scanned" },
            { label: "Trekkers", to: "/trekkers?tab=trekkers", active: tab === "trekkers" },
          ]}
        />
      ) : null}
      {scanned ? (
        <ListView definition={scannedTrekkersList} data={scanned} rowKey={(r) => r.id} rowHref={(r) => `/scanned-trekker/${r.registrationId}/${r.trekkerId}`} caption="Scanned trekkers" />
      ) : list ? (
        <ListView definition={trekkersList} data={list} rowKey={(r) => r.trekkerId} rowHref={opensPanel ? (r) => `/trekkers/${r.trekkerId}${search}` : undefined} />
      ) : null}
      <Outlet />
    </section>
  );
}
