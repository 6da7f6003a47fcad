import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { pendingPayment, settlePayment } from "../../tests/factories/payments";
import { makeRoute } from "../../tests/factories/registrations";
import { cardEvents } from "@modules/cards/index.server";
import { cardNumbersOf } from "@modules/registration/index.server";
import { Bill, PaymentAttempt } from "./models/payment-records.server";
import { claimAttempt, settle } from "./settle.server";

// settle's already-paid branch: a second confirmed payment of a registration that has its bill.

let routeId = 0;

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Settle Route")).id;
});

describe("settle, already paid", () => {
  it("a second confirmation of an already-paid registration issues nothing more and reports it", async () => {
    const first = await pendingPayment(routeId, { count: 2 });
    // The payer opened a second attempt before the first one was confirmed.
    const second = await PaymentAttempt.create({ registrationId: first.regId, userId: first.payer, gateway: "khalti", methodId: 2, txnId: `T2-${first.regId}-${Date.now()}`.slice(0, 20), amountPaisa: first.amount });
    expect(await settlePayment(first)).toBe("issued");
    const cards = await cardNumbersOf(first.regId);
    const events = await Promise.all(cards.map((c) => cardEvents(c.trekkerId)));

    const outcome = await settle({ registrationId: first.regId, amountPaisa: first.amount, methodId: 2, payerUserId: first.payer, attemptId: second.id, claim: claimAttempt(second.id) });
    expect(outcome).toBe("duplicate");
    // Marked for a refund, and nothing else changed: one bill, the same numbers, no new card moves.
    expect((await PaymentAttempt.findByPk(second.id))!.status).toBe("duplicate");
    expect(await Bill.count({ where: { registrationId: first.regId } })).toBe(1);
    expect(await cardNumbersOf(first.regId)).toEqual(cards);
    expect(await Promise.all(cards.map((c) => cardEvents(c.trekkerId)))).toEqual(events);
    // Confirming the duplicate again is a replay: its claim fails.
    expect(await settle({ registrationId: first.regId, amountPaisa: first.amount, methodId: 2, payerUserId: first.payer, attemptId: second.id, claim: claimAttempt(second.id) })).toBe("already");
  });
});
