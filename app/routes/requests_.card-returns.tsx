import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { RequestTabs } from "~/components/request-tabs";
import { loadListPage, requirePermission } from "~/utils/list.server";
import { cardReturnsListView } from "@modules/cards/index.ui";
import { cardReturnsList } from "@modules/cards/index.server";
import { cardReturnSource } from "@modules/cards/index.server";
import { can } from "@modules/permissions";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Requests" };

/** Requests > TIMS Card Return (board): returned cards; a row opens the card, where the board decides. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "requestsCardReturns");
  return {
    list: await loadListPage(cardReturnsList, request, () => cardReturnSource(user)),
    vouchers: can(user, "requestsVouchers"),
    texts: await pageTexts(request, ["staff", "admin"]),
  };
}

export default function CardReturns() {
  const { list, vouchers } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader title="Requests" actions={<ExportButton to="/requests/card-returns/export" fileName={cardReturnsListView.csv.fileName} list={list} />} />
      <RequestTabs active="returns" vouchers={vouchers} returns />
      <div className="mt-4">
        <ListView definition={cardReturnsListView} data={list} rowKey={(r) => r.trekkerId} rowHref={(r) => `/tims-cards/${r.trekkerId}`} />
      </div>
    </section>
  );
}
