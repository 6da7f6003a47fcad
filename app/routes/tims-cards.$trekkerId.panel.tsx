import type { LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "~/root";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { requireTrekkerPanel } from "~/utils/trekker-panel.server";
import { TrekkerPanel } from "~/components/cards/trekker-panel";
import type { loader as listLoader } from "./tims-cards";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export { PanelErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return requireTrekkerPanel(request, params);
}

export default function CardListPanel() {
  const { trekker, card, checkins } = useLoaderData<typeof loader>();
  // Without a list behind it (the board), closing goes to the card's own page.
  const list = useRouteLoaderData<typeof listLoader>("routes/tims-cards");
  return (
    <TrekkerPanel trekker={trekker} card={card} checkins={checkins} closeTo={list?.listed === false ? `/tims-cards/${trekker.trekkerId}` : "/tims-cards"} />
  );
}
