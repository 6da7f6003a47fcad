import type { LoaderFunctionArgs } from "@remix-run/node";
import { useT } from "@lib/i18n/context";
import type { RouteHandle } from "~/root";
import { useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "@lib/ui/button";
import { SidePanel } from "@lib/ui/side-panel";
import { notFound, paramId } from "@lib/param-id";
import { requirePermission } from "~/utils/guards.server";
import { getReceipt, receiptBodyHtml, refundsOfRegistration } from "@modules/payments/index.server";
import { displayDate } from "@lib/dates";
import { formatNrs } from "@modules/registration";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export { PanelErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

/** Receipt Details (spec 2 §2): the bill's receipt, as a PDF (the same component, rendered by Chromium) or printed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "billing");
  // Someone else's bill is "not found", never "forbidden": ids are not a way to learn what exists.
  const receipt = await getReceipt(paramId(params, "id"), user);
  if (!receipt) throw notFound();
  // Other payments of the same registration bought nothing: never part of this sale, owed back.
  const refunds = (await refundsOfRegistration(receipt.registrationId)).map((r) => ({
    id: r.id,
    amountPaisa: r.amountPaisa,
    gateway: r.gateway,
    dueSince: r.dueSince,
    statusLabel: r.statusLabel,
    reference: r.reference,
    refundedAt: r.refundedAt,
  }));
  // Rendered here, not in the browser: the receipt's component stays inside the payments module,
  // which renders the same markup into the PDF (ADR 0045).
  return { receipt, receiptHtml: receiptBodyHtml(receipt), refunds };
}

export default function ReceiptPanel() {
  const { t, lng } = useT();
  const { receipt, receiptHtml, refunds } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <SidePanel title={t("Receipt Details")} closeTo={`/billing${search}`} width="lg">
      <div data-receipt dangerouslySetInnerHTML={{ __html: receiptHtml }} />
      {refunds.length ? (
        <div className="no-print mt-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="receipt-refunds">
          <p className="font-semibold">{t("Not part of this receipt")}</p>
          <p>{t("Other payments for this registration bought nothing and are owed back to the payer:")}</p>
          <ul className="mt-1 list-disc pl-5">
            {refunds.map((r) => (
              <li key={r.id}>
                {t("{{amount}} by {{gateway}} on {{date}}: {{status}}", {
                  amount: formatNrs(r.amountPaisa),
                  gateway: r.gateway,
                  date: displayDate(r.dueSince, lng),
                  status: t(r.statusLabel),
                })}
                {r.reference ? t(" (reference {{reference}}, {{date}})", { reference: r.reference, date: displayDate(r.refundedAt, lng) }) : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="no-print mt-6 flex flex-wrap gap-2">
        {/* A resource route: a plain download, never a client-side navigation. */}
        <a href={`/billing/${receipt.billId}/pdf`} className={buttonClass("primary")} download>
          {t("Export as PDF")}
        </a>
        {/* Shown and working once the document script runs (data-print). */}
        <button type="button" className={buttonClass("secondary")} data-print="" hidden>
          {t("Print")}
        </button>
      </div>
    </SidePanel>
  );
}
