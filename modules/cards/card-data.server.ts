import { registrationForCards, trekkerDetails, type TrekkerDetails } from "@modules/registration/index.server";
import { canOpenRegistration, type RegistrationViewer } from "@modules/registration";
import { cardLifecycleFields, liveCardsOf } from "./card-store.server";
import { mayOpenAnyCard } from "./policy";
import { hasVisibleCard } from "./visibility";

/**
 * What a printed card, the trekker panel and the card lists show: the registration module's
 * trekker and trek details with this module's card columns laid over them.
 */
export interface TrekkerCardData extends TrekkerDetails {
  cardNumber: number | null;
  status: string;
  issuedAt: Date | null;
}

/**
 * One trekker with their card, if the viewer may open the registration or any card (those who
 * decide returns, policy.ts); "system": no row rule.
 */
export async function trekkerCardData(trekkerId: number, viewer: RegistrationViewer | "system"): Promise<TrekkerCardData | null> {
  const details = await trekkerDetails(trekkerId, viewer !== "system" && mayOpenAnyCard(viewer) ? "system" : viewer);
  if (!details) return null;
  const card = (await cardLifecycleFields([details.trekkerId])).get(details.trekkerId);
  if (!card) return null;
  return { ...details, cardNumber: card.cardNumber, status: card.status, issuedAt: card.cardNumber ? (card.issuedAt ?? card.updatedAt) : null };
}

/** A registration's cards for its page: each trekker's card number once the card may be shown. */
export async function cardsOfRegistration(registrationId: number, viewer: RegistrationViewer) {
  const reg = await registrationForCards(registrationId);
  if (!reg || !canOpenRegistration(viewer, reg)) return [];
  const cards = await liveCardsOf(registrationId);
  return cards
    .filter((c) => hasVisibleCard(c.status, c.cardNumber))
    .map((c) => ({ trekkerId: c.trekkerId, cardNumber: c.cardNumber as number, status: c.status }));
}
