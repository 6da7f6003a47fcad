import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage } from "~/utils/list.server";
import { AGENCY_FILTERS, trekkersList } from "@modules/cards/index.trekkers-list";
import { trekkerListHidden, trekkerListSource } from "@modules/cards/index.server";
import { notFound, requireUserTarget } from "../utils/user-target.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

/**
 * The account views' Registered Trekker(s) tab (spec 2 §2): the trekkers an agency or a checkpost
 * registered, as the Trekkers list shows them; a row opens the card.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, target } = await requireUserTarget(request, params);
  if (target.kind !== "agency" && target.kind !== "checkpost") throw notFound();
  const account = { account: target.id };
  return {
    accountId: target.id,
    list: await loadListPage(trekkersList, request, () => trekkerListSource(viewer, account), { hidden: trekkerListHidden(viewer, account) }),
  };
}

export default function AccountTrekkers() {
  const { accountId, list } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <ExportButton to="/trekkers/export" params={{ userId: String(accountId) }} fileName={trekkersList.csv.fileName} list={list} />
      </div>
      <ListView definition={trekkersList} data={list} rowKey={(r) => r.trekkerId} rowHref={(r) => `/tims-cards/${r.trekkerId}`} hiddenFilters={AGENCY_FILTERS} />
    </div>
  );
}
