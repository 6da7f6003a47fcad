import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { PrintButton } from "@modules/cards/index.card";
import { PrintableCard } from "@modules/cards/index.card";
import { requireTrekkerPanel } from "~/utils/trekker-panel.server";
import { requireUser } from "~/utils/guards.server";
import { mayListCards } from "@modules/cards";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "TIMS Card" };

const MOVE_LABELS: Record<string, string> = {
  cancel: "Cancel Card",
  delete: "Delete",
  return: "Return Card",
  approveReturn: "Approve Return",
  rejectReturn: "Reject Return",
};

/** The card preview (spec 2 §2 TimsCards/{id}): card with QR, trek and user details, print and PDF. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const panel = await requireTrekkerPanel(request, params);
  // The breadcrumb leads to the TIMS Cards list only for those who have one (board and TAAN open cards without it).
  return { ...panel, canList: mayListCards(await requireUser(request)) };
}

export default function CardPreview() {
  const { trekker, card, moves, canList } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader
        className="no-print"
        title={card ? `TIMS Card ${card.cardNumber}` : trekker.fullName}
        breadcrumbs={canList ? [{ label: "TIMS Cards", to: "/tims-cards" }, { label: trekker.fullName }] : [{ label: trekker.fullName }]}
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
          This trekker has no card yet ({trekker.status}).{" "}
          <Link to={`/new-register/${trekker.registrationId}`} className="text-blue-700 underline">
            Open the registration
          </Link>
        </p>
      )}
    </section>
  );
}
