import type { LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "~/root";
import { useLoaderData } from "@remix-run/react";
import { requireTrekkerPanel } from "~/utils/trekker-panel.server";
import { TrekkerPanel } from "@modules/cards/index.panel";

// Served as HTML on a first load, with the small script of such pages (ADR 0034).
export const handle: RouteHandle = { hydrate: "html" };

export { PanelErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return requireTrekkerPanel(request, params);
}

export default function HistoryPanel() {
  const { trekker, card } = useLoaderData<typeof loader>();
  return <TrekkerPanel trekker={trekker} card={card} closeTo="/trekking-history" />;
}
