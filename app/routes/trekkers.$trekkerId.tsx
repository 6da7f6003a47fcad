import type { LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "~/root";
import { useLoaderData, useLocation } from "@remix-run/react";
import { forbidden, requirePermission } from "~/utils/guards.server";
import { requireTrekkerPanel } from "~/utils/trekker-panel.server";
import { mayOpenPanels } from "@modules/cards";
import { can } from "@modules/permissions";
import { TrekkerPanel } from "~/components/cards/trekker-panel";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export { PanelErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

/** The trekker side panel over the list (not for TAAN, spec 2 §2); the cards module checks the row. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "trekkers");
  if (!mayOpenPanels(user)) throw forbidden();
  // A checkpost's bare /trekkers is its Scanned Trekkers (ADR 0038): closing goes back to this list by name.
  return { ...(await requireTrekkerPanel(request, params)), listTab: can(user, "scan") ? "trekkers" : null };
}

export default function TrekkerListPanel() {
  const { trekker, card, checkins, listTab } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  // The panel's own tabs use ?tab= too: the list's is set again from the loader.
  const back = new URLSearchParams(search);
  for (const key of ["tab", "contact"]) back.delete(key);
  if (listTab) back.set("tab", listTab);
  return <TrekkerPanel trekker={trekker} card={card} checkins={checkins} closeTo={`/trekkers${back.size ? `?${back}` : ""}`} />;
}
