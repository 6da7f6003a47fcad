import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { forbidden, loadListPage, requireUser } from "~/utils/list.server";
import { timsCardsListView } from "@modules/cards/index.ui";
import { timsCardsList } from "@modules/cards/index.server";
import { mayListCards, mayOpenPanels, timsCardSource } from "@modules/cards/index.server";

import { pageTexts } from "~/utils/language.server";
export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "TIMS Cards" };

/**
 * The list of one's own cards (FIT). A trekker panel under it (`params.trekkerId`, the child
 * route's) also opens for the board, without a list: the cards module decides (policy.ts).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const texts = await pageTexts(request, ["staff"]);
  if (mayListCards(user)) return { listed: true as const, list: await loadListPage(timsCardsList, request, () => timsCardSource(user)), texts };
  if (params.trekkerId !== undefined && mayOpenPanels(user)) return { listed: false as const, list: null, texts };
  throw forbidden();
}

export default function TimsCards() {
  const { listed, list } = useLoaderData<typeof loader>();
  if (!listed || !list) {
    return (
      <section>
        <PageHeader title="TIMS Card" />
        <Outlet />
      </section>
    );
  }
  return (
    <section>
      <PageHeader title="TIMS Cards" actions={<ExportButton to="/tims-cards/export" fileName={timsCardsListView.csv.fileName} list={list} />} />
      <ListView definition={timsCardsListView} data={list} rowKey={(r) => r.trekkerId} rowHref={(r) => `/tims-cards/${r.trekkerId}/panel`} />
      <Outlet />
    </section>
  );
}
