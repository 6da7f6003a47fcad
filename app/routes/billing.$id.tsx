import type { LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "~/root";
import { useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "@lib/ui/button";
import { SidePanel } from "@lib/ui/side-panel";
import { useHydrated } from "@lib/ui/use-hydrated";
import { paramId } from "@lib/param-id";
import { requirePermission } from "~/utils/guards.server";
import { ReceiptDocument } from "@modules/payments/index.receipt";
import { getReceipt } from "@modules/payments/index.server";

// Served as HTML on a first load, with the small script of such pages (ADR 0034).
export const handle: RouteHandle = { hydrate: "html" };

export { PanelErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

/** Receipt Details (spec 2 §2): the bill's receipt, as a PDF (the same component, rendered by Chromium) or printed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "billing");
  // Someone else's bill is "not found", never "forbidden": ids are not a way to learn what exists.
  const receipt = await getReceipt(paramId(params, "id"), user);
  if (!receipt) throw new Response("Not Found", { status: 404 });
  return { receipt };
}

export default function ReceiptPanel() {
  const { receipt } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const hydrated = useHydrated();
  return (
    <SidePanel title="Receipt Details" closeTo={`/billing${search}`} width="lg">
      <div data-receipt>
        <ReceiptDocument receipt={receipt} />
      </div>
      <div className="no-print mt-6 flex flex-wrap gap-2">
        {/* A resource route: a plain download, never a client-side navigation. */}
        <a href={`/billing/${receipt.billId}/pdf`} className={buttonClass("primary")} download>
          Export as PDF
        </a>
        {hydrated ? (
          <button type="button" className={buttonClass("secondary")} onClick={() => window.print()}>
            Print
          </button>
        ) : null}
      </div>
    </SidePanel>
  );
}
