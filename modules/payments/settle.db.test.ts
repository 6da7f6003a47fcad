import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { inDays } from "../../tests/factories/dates";
import { person } from "../../tests/factories/registrations";
import { makeUser } from "../../tests/factories/users";
import { createRoute } from "@modules/trek-routes/index.server";
import { cardNumbersOf, registrationForPayment } from "@modules/registration/index.server";
import { addTrekker, createRegistration, lockPrice } from "@modules/registration/index.server";
import { verifyQrPayload, signQrPayload } from "@modules/cards/index.server";
import { PaymentAttempt } from "./models/payment-records.server";
import { claimAttempt, settle } from "./settle.server";

let routeId = 0;
let seq = 0;

async function paidSetup(trekkers = 2) {
  const u = await makeUser({ userType: 1, fullName: "Payer" });
  const viewer = { id: u.id, userType: 1, grants: [] };
  const regId = await createRegistration(
    viewer,
    { routeId, entryDate: inDays(2), exitDate: inDays(8), entryPoint: "Besisahar", exitPoint: "Jomsom" },
    person("First"),
    "k",
  );
  for (let i = 1; i < trekkers; i++) await addTrekker(regId, viewer, person(`Trekker ${i}`), "k");
  const amount = await lockPrice(regId, viewer);
  const attempt = await PaymentAttempt.create({
    registrationId: regId,
    userId: u.id,
    gateway: "esewa",
    methodId: 1,
    txnId: `T${regId}-${++seq}-${Date.now()}`.slice(0, 20),
    amountPaisa: amount,
  });
  return { regId, attempt, amount, payer: u.id };
}

const settleAttempt = (s: Awaited<ReturnType<typeof paidSetup>>) =>
  settle({ registrationId: s.regId, amountPaisa: s.amount, methodId: 1, payerUserId: s.payer, attemptId: s.attempt.id, claim: claimAttempt(s.attempt.id) });

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = await createRoute({
    name: `Pay Route ${Date.now()}`,
    provinceId: 4,
    startPoint: "Besisahar",
    endPoint: "Jomsom",
    checkpoints: [],
    description: "<p>x</p>",
  });
});

describe("payment confirmation", () => {
  it("20 concurrent confirmations of one transaction issue one set of cards", async () => {
    const s = await paidSetup(3);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => settleAttempt(s)));
    expect(outcomes.filter((o) => o === "issued")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already")).toHaveLength(19);
    const cards = await cardNumbersOf(s.regId);
    expect(cards.every((c) => c.cardNumber !== null)).toBe(true);
    expect(new Set(cards.map((c) => c.cardNumber)).size).toBe(3);
    expect((await registrationForPayment(s.regId))!.status).toBe("Upcoming");
  });

  it("payments for different registrations racing each other never share or skip a card number", async () => {
    const setups = [];
    for (let i = 0; i < 8; i++) setups.push(await paidSetup(2));
    const outcomes = await Promise.all(setups.map((s) => settleAttempt(s)));
    expect(outcomes).toEqual(Array(8).fill("issued"));
    const numbers = (await Promise.all(setups.map((s) => cardNumbersOf(s.regId))))
      .flat()
      .map((c) => c.cardNumber!)
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(16);
    expect(numbers[numbers.length - 1] - numbers[0]).toBe(15);
  });

  it("a payment whose amount no longer matches issues nothing", async () => {
    const s = await paidSetup(1);
    const outcome = await settle({
      registrationId: s.regId,
      amountPaisa: s.amount - 100,
      methodId: 1,
      payerUserId: s.payer,
      attemptId: s.attempt.id,
      claim: claimAttempt(s.attempt.id),
    });
    expect(outcome).toBe("mismatch");
    expect((await cardNumbersOf(s.regId))[0].cardNumber).toBeNull();
  });
});

describe("QR signature", () => {
  it("verifies our payload and refuses a changed one", () => {
    const text = signQrPayload({ trekkerId: 12, registrationId: 5 });
    expect(verifyQrPayload(text)).toEqual({ trekkerId: 12, registrationId: 5 });
    const changed = JSON.parse(text);
    changed.trekkerId = 13;
    expect(verifyQrPayload(JSON.stringify(changed))).toBeNull();
    expect(verifyQrPayload("not json")).toBeNull();
    expect(verifyQrPayload(JSON.stringify({ trekkerId: 12, registrationId: 5 }))).toBeNull();
  });
});
