import { listCountries } from "@modules/lookups/index.server";
import { editDatesHref, registrationForCards, trekDatesRefusal } from "@modules/registration/index.server";
import { trekkerCardData } from "./card-data.server";
import { cardLifecycleFields, liveCardsOf } from "./card-store.server";
import { buildCardView } from "./card-view.server";
import { actionsFor, canTransition, CardNotFoundError, CardPermissionError, isCardMove, mayAct, ruleOf, type CardMove } from "./lifecycle";
import type { CardActor } from "./lifecycle.server";
import { hasVisibleCard } from "./visibility";

/**
 * What card pages ask before they show anything: the module answers with the data or a
 * CardActionError (404 for a card the user may not know of, 403 for a move they may not make),
 * so routes repeat no rule and answer refusals with domainErrorResponse.
 */

/**
 * The trekker side panel and the card preview: the trekker (for those who may open the
 * registration), the printable card with its signed QR once a card exists, and the moves the
 * user may make on it.
 */
export async function trekkerPanel(user: CardActor, trekkerId: number) {
  const data = await trekkerCardData(trekkerId, user);
  if (!data) throw new CardNotFoundError();
  const photoSrc = `/registration-photo/${data.registrationId}/${data.trekkerId}`;
  const card = hasVisibleCard(data.status, data.cardNumber) ? await buildCardView(data, photoSrc) : null;
  const nationality = (await listCountries()).find((c) => c.id === data.nationality)?.name ?? "";
  const lifecycle = (await cardLifecycleFields([data.trekkerId])).get(data.trekkerId);
  const moves = actionsFor(user, {
    status: data.status,
    returnState: lifecycle?.returnState ?? null,
    ownerId: data.registeredBy,
    ownerType: data.registeredByType,
  }).filter(isCardMove);
  return { trekker: { ...data, nationalityName: nationality, photoSrc }, card, moves };
}

/**
 * The card a move page confirms: 404 when there is no such live card or it is another's and
 * the move needs own rows (ids reveal nothing), 403 when the user holds no permission for it.
 */
export async function cardForMove(user: CardActor, move: CardMove, trekkerId: number) {
  const card = await trekkerCardData(trekkerId, "system");
  if (!card) throw new CardNotFoundError();
  const verdict = mayAct(user, move, { id: card.registeredBy, type: card.registeredByType });
  if (verdict === "forbidden") throw new CardPermissionError(move);
  if (verdict === "not-own") throw new CardNotFoundError();
  return { move, trekkerId: card.trekkerId, fullName: card.fullName, cardNumber: card.cardNumber, status: card.status, reason: ruleOf(move).reason };
}

/** The registration page's "Generate Card" button: the grant, and a status the table allows. */
export async function mayGenerateCards(user: CardActor, registrationId: number): Promise<boolean> {
  if (mayAct(user, "generate") !== "allowed") return false;
  const reg = await registrationForCards(registrationId);
  return !!reg && mayAct(user, "generate", reg.userId) === "allowed" && canTransition("generate", reg.status);
}

/**
 * The generate page's confirmation: the registration as the grant holder sees it. The grant is
 * the authorisation (its rows rule is "any"), so no registration row rule applies.
 */
export async function registrationToGenerate(user: CardActor, registrationId: number) {
  if (mayAct(user, "generate") === "forbidden") throw new CardPermissionError("generate");
  const reg = await registrationForCards(registrationId);
  if (!reg || mayAct(user, "generate", reg.userId) !== "allowed") throw new CardNotFoundError();
  // A trek whose entry date has passed is refused with a way to change its dates (issue 25).
  const pastTrek = canTransition("generate", reg.status) ? trekDatesRefusal(reg) : null;
  return {
    id: reg.id,
    status: reg.status,
    routeName: reg.routeName,
    trekkers: (await liveCardsOf(reg.id)).length,
    pastTrek,
    editDatesHref: editDatesHref(reg.id),
  };
}

/**
 * The card as a checkpost sees it after checking the trekker in (spec 2 §2 Scanned trekker). The
 * caller has checked the row rule (the checkpost recorded a check-in of this trekker).
 */
export async function cardForScanner(trekkerId: number) {
  const data = await trekkerCardData(trekkerId, "system");
  if (!data) throw new CardNotFoundError();
  const photoSrc = `/registration-photo/${data.registrationId}/${data.trekkerId}`;
  const card = hasVisibleCard(data.status, data.cardNumber) ? await buildCardView(data, photoSrc) : null;
  return {
    trekker: {
      trekkerId: data.trekkerId,
      registrationId: data.registrationId,
      fullName: data.fullName,
      status: data.status,
      cardNumber: data.cardNumber,
      routeId: data.routeId,
      routeName: data.routeName,
      entryDate: data.entryDate,
      exitDate: data.exitDate,
      photoSrc,
    },
    card,
  };
}
