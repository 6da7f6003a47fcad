import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "~/root";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Modal } from "@lib/ui/modal";
import { performCardMove, requireCardMove } from "~/utils/card-move.server";
import { isListMove } from "@modules/cards";
import { CardMoveForm, MOVE_TEXTS, moveTitle } from "~/components/cards/card-move-form";
import { useT } from "@lib/i18n/context";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document", title: moveTitle };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

/**
 * A row action of the trekker list as a confirmation over the list (Cancel, Delete, Approve or
 * Reject a returned card), each with its reason rule; back to the list with its filters after.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return (await requireCardMove(request, params, isListMove)).card;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, card } = await requireCardMove(request, params, isListMove);
  return performCardMove(request, context, user, card, `/trekkers${new URL(request.url).search}`);
}

export default function TrekkerMove() {
  const card = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { search } = useLocation();
  const { t } = useT();
  return (
    <Modal title={t(MOVE_TEXTS[card.move].title)} closeTo={`/trekkers${search}`}>
      <CardMoveForm card={card} refusal={refusal && "error" in refusal ? refusal : null} backTo={`/trekkers${search}`} />
    </Modal>
  );
}
