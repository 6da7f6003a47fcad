import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { PrintButton } from "@modules/cards/components/print-button";
import { PrintableCard } from "@modules/cards/components/printable-card";
import { requireTrekkerPanel } from "~/utils/trekker-panel.server";

export const handle = { title: "TIMS Card" };

const MOVE_LABELS: Record<string, string> = { cancel: "Cancel Card", delete: "Delete", return: "Return Card", approveReturn: "Approve Return", rejectReturn: "Reject Return" };

/** The card preview (spec 2 §2 TimsCards/{id}): card with QR, trek and user details, print and PDF. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return requireTrekkerPanel(request, params.trekkerId);
}

export default function CardPreview() {
  const { trekker, card, moves } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader
        title={card ? `TIMS Card ${card.cardNumber}` : trekker.fullName}
        breadcrumbs={[{ label: "TIMS Cards", to: "/tims-cards" }, { label: trekker.fullName }]}
        actions={
          card ? (
            <div className="no-print flex gap-2">
              <PrintButton />
              <a href={`/tims-cards/${trekker.trekkerId}/pdf`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium">
                Download
              </a>
            </div>
          ) : null
        }
      />
      <p className="no-print mb-3 text-sm text-slate-600">
        Status: <strong data-testid="card-status">{trekker.status}</strong>
      </p>
      {moves.length ? (
        <nav aria-label="Card actions" className="no-print mb-4 flex flex-wrap gap-2">
          {moves.map((m) => (
            <Link key={m} to={`/cards/${trekker.trekkerId}/${m}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
              {MOVE_LABELS[m]}
            </Link>
          ))}
        </nav>
      ) : null}
      {card ? (
        <PrintableCard card={card} />
      ) : (
        <p className="rounded bg-white p-6 text-slate-600 shadow-sm">
          This trekker has no card yet ({trekker.status}). <Link to={`/new-register/${trekker.registrationId}`} className="text-blue-700 underline">Open the registration</Link>
        </p>
      )}
    </section>
  );
}
