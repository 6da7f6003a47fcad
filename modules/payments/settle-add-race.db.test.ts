import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { pendingPayment, settlePayment } from "../../tests/factories/payments";
import { PHOTO_KEY, makeRoute, person } from "../../tests/factories/registrations";
import { makeUser } from "../../tests/factories/users";
import { addTrekker, cardNumbersOf } from "@modules/registration/index.server";

// A trekker added at the very moment the payment settles (issue 13, found by the cluster work):
// either the payment wins (the registration is paid and the late trekker is refused) or the
// trekker wins (the amount no longer matches: nothing issued, a refund due). Never a paid
// registration with a trekker and no card.

let routeId = 0;
beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Race Route")).id;
});

describe("adding a trekker while the payment settles", () => {
  it("never leaves a trekker without a card on a paid registration", async () => {
    for (let round = 0; round < 6; round++) {
      const payer = await makeUser({ userType: 1, fullName: `Racer ${round}` });
      const p = await pendingPayment(routeId, { payer, count: 1 });
      const viewer = { id: payer.id, userType: 1, grants: [] };
      const [settled, added] = await Promise.allSettled([settlePayment(p), addTrekker(p.regId, viewer, person(`Late ${round}`), PHOTO_KEY)]);
      expect(settled.status).toBe("fulfilled");
      const outcome = settled.status === "fulfilled" ? settled.value : null;
      const cards = await cardNumbersOf(p.regId);
      if (outcome === "issued") {
        expect(cards.every((c) => c.cardNumber !== null)).toBe(true);
        expect(added.status === "rejected" || cards.length === 1).toBe(true);
      } else {
        expect(outcome).toBe("mismatch");
        expect(added.status).toBe("fulfilled");
        expect(cards.every((c) => c.cardNumber === null)).toBe(true);
      }
    }
  });
});
