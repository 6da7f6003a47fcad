import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { performCardMove, requireCardMove } from "~/utils/card-move.server";
import { CardMoveForm, MOVE_TEXTS, moveTitle } from "~/components/cards/card-move-form";
import { pageTexts } from "~/utils/language.server";
import type { RouteHandle } from "~/root";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle: RouteHandle = { title: moveTitle };

/** A card move as its own page (from the card preview): the module says who may make which move on which card. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // The move form speaks the care namespace and a card status the staff one (they travel with the page, ADR 0047).
  return { ...(await requireCardMove(request, params)).card, texts: await pageTexts(request, ["staff", "care"]) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, card } = await requireCardMove(request, params);
  return performCardMove(request, context, user, card, card.move === "delete" ? "/trekkers" : `/tims-cards/${card.trekkerId}`);
}

export default function CardMovePage() {
  const card = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-lg">
      <PageHeader title={MOVE_TEXTS[card.move].title} />
      <div className="rounded-lg bg-white p-6 shadow-sm">
        <CardMoveForm card={card} refusal={refusal && "error" in refusal ? refusal : null} backTo={`/tims-cards/${card.trekkerId}`} />
      </div>
    </section>
  );
}
