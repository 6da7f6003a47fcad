import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage } from "~/utils/list.server";
import { AGENCY_FILTERS, trekkersListView } from "@modules/cards/index.ui";
import { accountTrekkers, trekkersList } from "~/utils/trekker-lists.server";
import { notFound, requireUserTarget } from "../utils/user-target.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

/**
 * The account views' Registered Trekker(s) tab (spec 2 §2): the trekkers an agency or a checkpost
 * registered, as the Trekkers list shows them; a row opens the card.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, target } = await requireUserTarget(request, params);
  if (target.kind !== "agency" && target.kind !== "checkpost") throw notFound();
  const { source, hidden } = accountTrekkers(viewer, target.id);
  return { accountId: target.id, list: await loadListPage(trekkersList, request, source, { hidden }) };
}

export default function AccountTrekkers() {
  const { accountId, list } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <ExportButton to="/trekkers/export" params={{ userId: String(accountId) }} fileName={trekkersListView.csv.fileName} list={list} />
      </div>
      <ListView
        definition={trekkersListView}
        data={list}
        rowKey={(r) => r.trekkerId}
        rowHref={(r) => `/tims-cards/${r.trekkerId}`}
        hiddenFilters={AGENCY_FILTERS}
      />
    </div>
  );
}
