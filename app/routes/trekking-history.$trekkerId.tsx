import type { LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "~/root";
import { useLoaderData } from "@remix-run/react";
import { requireTrekkerPanel } from "~/utils/trekker-panel.server";
import { TrekkerPanel } from "~/components/cards/trekker-panel";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export { PanelErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return requireTrekkerPanel(request, params);
}

export default function HistoryPanel() {
  const { trekker, card } = useLoaderData<typeof loader>();
  return <TrekkerPanel trekker={trekker} card={card} closeTo="/trekking-history" />;
}
