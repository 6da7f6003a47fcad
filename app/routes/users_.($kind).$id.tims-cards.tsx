import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ListView } from "@lib/ui/list";
import { loadListPage } from "~/utils/list.server";
import { timsCardsListView } from "@modules/cards/index.ui";
import { timsCardsList } from "@modules/cards/index.server";
import { timsCardSource } from "@modules/cards/index.server";
import { notFound, requireUserTarget } from "../utils/user-target.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, target } = await requireUserTarget(request, params);
  if (target.kind !== "fit") throw notFound();
  return { list: await loadListPage(timsCardsList, request, () => timsCardSource(viewer, { account: target.id })) };
}

/** A free trekker's TIMS cards (spec 2 §2 "FIT detail"): filters and search; a row opens the card. */
export default function UserTimsCards() {
  const { list } = useLoaderData<typeof loader>();
  return <ListView definition={timsCardsListView} data={list} rowKey={(r) => r.trekkerId} rowHref={(r) => `/tims-cards/${r.trekkerId}`} />;
}
