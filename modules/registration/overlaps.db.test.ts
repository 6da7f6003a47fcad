import { beforeAll, describe, expect, it } from "vitest";
import { applyCardAction } from "@modules/cards/index.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { issuedCards, makeCardGenerator, trekkerIdsOf } from "../../tests/factories/cards";
import { inDays } from "../../tests/factories/dates";
import { makeRegistration, makeRoute, person, trek } from "../../tests/factories/registrations";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { overlappingCards } from "./overlaps.server";

describe("cards the same passport already holds for overlapping dates", () => {
  let routeId: number;
  let fit: TestUser, agency: TestUser, board: TestUser, generator: TestUser;
  let held: { regId: number; trekkerIds: number[] };
  const passport = `OV${Date.now()}`;

  beforeAll(async () => {
    await prepareTestDatabase();
    routeId = (await makeRoute("Overlap")).id;
    [fit, agency, board, generator] = await Promise.all([
      makeUser({ userType: 1, fullName: "Own Walker" }),
      makeUser({ userType: 2, organizationName: "Twice Treks", isDocumentUploaded: true, isVerified: true, isApproved: true }),
      makeUser({ userType: 4 }),
      makeCardGenerator(),
    ]);
    // The trekker's own card, days 3 to 9.
    held = await issuedCards(fit, generator, routeId, {
      trekkers: [person("Own Walker", { passportNumber: passport })],
      trek: trek(routeId, inDays(3), inDays(9)),
    });
  });

  const register = (owner: TestUser, from: number, to: number, over: Parameters<typeof person>[1] = {}) =>
    makeRegistration(owner, routeId, {
      trekkers: [person("Own Walker", { passportNumber: passport, ...over }), person("Someone Else")],
      trek: trek(routeId, inDays(from), inDays(to)),
    });

  it("an agency registering the same passport for overlapping days is warned, without the other card's number", async () => {
    const { regId } = await register(agency, 8, 14);
    const found = await overlappingCards(regId, agency);
    expect(found).toEqual([
      { trekkerId: expect.any(Number), fullName: "Own Walker", entryDate: inDays(3), exitDate: inDays(9), cardNumber: null, registrationId: null },
    ]);
    // The board may open the other registration: it sees which card.
    const [seen] = await overlappingCards(regId, board);
    expect(seen.registrationId).toBe(held.regId);
    expect(seen.cardNumber).toEqual(expect.any(Number));
  });

  it("the owner of both sees its own card; days that only touch count, days after do not", async () => {
    const { regId: touching } = await register(fit, 9, 12);
    expect((await overlappingCards(touching, fit)).map((o) => o.registrationId)).toEqual([held.regId]);
    const { regId: after } = await register(fit, 10, 12);
    expect(await overlappingCards(after, fit)).toEqual([]);
  });

  it("another nationality with the same passport number, and a cancelled card, are no overlap", async () => {
    const { regId: foreign } = await register(agency, 4, 6, { nationality: 250 });
    expect(await overlappingCards(foreign, agency)).toEqual([]);

    const { regId: other } = await issuedCards(fit, generator, routeId, {
      trekkers: [person("Own Walker", { passportNumber: `${passport}C` })],
      trek: trek(routeId, inDays(20), inDays(25)),
    });
    const { regId: again } = await makeRegistration(agency, routeId, {
      trekkers: [person("Own Walker", { passportNumber: `${passport}C` })],
      trek: trek(routeId, inDays(21), inDays(22)),
    });
    expect(await overlappingCards(again, agency)).toHaveLength(1);
    const [cancelled] = await trekkerIdsOf(other);
    await applyCardAction(board, "cancel", cancelled, "Registered twice");
    expect(await overlappingCards(again, agency)).toEqual([]);
  });
});
