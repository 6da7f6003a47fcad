import { requireUser } from "./guards.server";
import { trekkerCardData } from "@modules/registration/card-data.server";
import { buildCardView } from "@modules/cards/card-view.server";
import { hasVisibleCard } from "@modules/cards/visibility";
import { listCountries } from "@modules/lookups/service.server";
import { actionsFor } from "@modules/cards/lifecycle";
import type { CardMove } from "@modules/cards/lifecycle.server";
import { cardLifecycleFields } from "@modules/registration/card-state.server";

const CARD_MOVES = ["cancel", "delete", "return", "approveReturn", "rejectReturn"] as const;

/**
 * Data of the trekker side panel and the card preview: the trekker (only for those who may open
 * the registration) and, once a card exists, the printable card with its signed QR.
 */
export async function requireTrekkerPanel(request: Request, rawId: string | undefined) {
  const user = await requireUser(request);
  const data = await trekkerCardData(Number(rawId), user);
  if (!data) throw new Response("Not Found", { status: 404 });
  const photoSrc = `/registration-photo/${data.registrationId}/${data.trekkerId}`;
  const card = hasVisibleCard(data.status, data.cardNumber) ? await buildCardView(data, photoSrc) : null;
  const nationality = (await listCountries()).find((c) => c.id === data.nationality)?.name ?? "";
  const lifecycle = (await cardLifecycleFields([data.trekkerId])).get(data.trekkerId);
  const moves = actionsFor(user, { status: data.status, returnState: lifecycle?.returnState ?? null, ownerId: data.registeredBy }).filter(
    (a): a is CardMove => (CARD_MOVES as readonly string[]).includes(a),
  );
  return { trekker: { ...data, nationalityName: nationality, photoSrc }, card, moves };
}
