import type { LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "~/root";
import { useLoaderData, useLocation } from "@remix-run/react";
import { forbidden, requirePermission } from "~/utils/guards.server";
import { requireTrekkerPanel } from "~/utils/trekker-panel.server";
import { mayOpenPanels } from "@modules/cards";
import { TrekkerPanel } from "@modules/cards/index.panel";

// Served as HTML on a first load, with the small script of such pages (ADR 0034).
export const handle: RouteHandle = { hydrate: "html" };

export { PanelErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

/** The trekker side panel over the list (not for TAAN, spec 2 §2); the cards module checks the row. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "trekkers");
  if (!mayOpenPanels(user)) throw forbidden();
  return requireTrekkerPanel(request, params);
}

export default function TrekkerListPanel() {
  const { trekker, card, checkins } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const back = new URLSearchParams(search);
  for (const key of ["tab", "contact"]) back.delete(key);
  return <TrekkerPanel trekker={trekker} card={card} checkins={checkins} closeTo={`/trekkers${back.size ? `?${back}` : ""}`} />;
}
