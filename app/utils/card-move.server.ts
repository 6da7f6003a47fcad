import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { clientAddress } from "@lib/client-address.server";
import { readForm } from "@lib/multipart.server";
import { idParam, parseParams } from "@lib/params";
import { applyCardAction, cardForMove } from "@modules/cards/index.server";
import { isCardMove, type CardMove } from "@modules/cards";
import type { AuthUser } from "@modules/users/index.server";
import { domainErrorResponse, withDomainErrors } from "./domain-error.server";
import { requireUser } from "./guards.server";
import { redirectWithToast } from "./toast.server";
import { requestMessages } from "./language.server";

/** The move's form: the reason is checked by the module (lifecycle.ts checkReason), which knows each move's rule. */
const moveForm = z.object({ reason: z.string().max(10_000).optional() });

/**
 * Guard of a card move's page and action: signed in, a numeric id and a move this page offers (else
 * 404), then the module says whether this user may make this move on this card (403, or 404 for a
 * card they may not know of).
 */
export async function requireCardMove(request: Request, params: Record<string, string | undefined>, offered: (move: string) => move is CardMove = isCardMove) {
  const user = await requireUser(request);
  const { trekkerId, move } = parseParams(params, z.object({ trekkerId: idParam, move: z.string().refine(offered) }));
  try {
    return { user, card: await cardForMove(user, move as CardMove, trekkerId) };
  } catch (error) {
    throw domainErrorResponse(error);
  }
}

/** Makes the move with the posted reason; success goes to `back` with the spec's notice, a refusal answers on the page. */
export async function performCardMove(
  request: Request,
  context: AppLoadContext | undefined,
  user: AuthUser,
  card: { move: CardMove; trekkerId: number },
  back: string,
) {
  const form = moveForm.safeParse(Object.fromEntries(await readForm(request)));
  if (!form.success) throw new Response("Bad Request", { status: 400 });
  // The module's notice and refusals in the page's language (the toast shows on the list after the redirect).
  const say = await requestMessages(request);
  return withDomainErrors(
    async () => {
      const result = await applyCardAction(user, card.move, card.trekkerId, form.data.reason ?? "", { ip: clientAddress(context) });
      return redirectWithToast(back, { type: "success", message: say(result.message) });
    },
    { say },
  );
}
