// Issued cards for tests: a registration whose cards a board user with "generateCard" issued.
import "../setup/compose";
import { kathmanduDate } from "@lib/dates";
import { generateCards } from "@modules/cards/index.server";
import { cardNumbersOf } from "@modules/registration/index.server";
import { makeRegistration, trekkerNames, type RegistrationOptions } from "./registrations";
import { makeUser, type Actor } from "./users";

/** A board (NTB) user allowed to generate cards. */
export const makeCardGenerator = () => makeUser({ userType: 4, fullName: "Card Generator", grants: ["generateCard"] });

/** The trekker ids (which are the card ids) of a registration, in order. */
export const trekkerIdsOf = async (regId: number) => (await cardNumbersOf(regId)).map((c) => c.trekkerId);

/**
 * A registration of `owner` with `count` trekkers and cards issued by `generator` on `today`. A
 * trek that has already started had its cards issued on its entry day at the latest: generating
 * them later is refused (issue 25).
 */
export async function issuedCards(owner: Actor, generator: Actor, routeId: number, opts: RegistrationOptions & { count?: number; today?: string } = {}) {
  const { regId } = await makeRegistration(owner, routeId, { trekkers: trekkerNames(opts.count ?? 1), ...opts });
  const entry = opts.trek?.entryDate;
  const today = opts.today ?? (entry && entry < kathmanduDate() ? entry : undefined);
  await generateCards(generator, regId, { today, announce: false });
  return { regId, trekkerIds: await trekkerIdsOf(regId) };
}
