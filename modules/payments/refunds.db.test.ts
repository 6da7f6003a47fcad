import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { pendingPayment, settlePayment } from "../../tests/factories/payments";
import { PHOTO_KEY, makeRoute, person } from "../../tests/factories/registrations";
import { makeUser } from "../../tests/factories/users";
import { DomainError } from "@lib/errors";
import { addTrekker, cardNumbersOf } from "@modules/registration/index.server";
import { Bill, PaymentAttempt, Voucher } from "./models/payment-records.server";
import { PaymentRefund } from "./models/refund.server";
import { ALREADY_REFUNDED, getRefund, listRefunds, markRefunded } from "./refunds.server";
import { REFUND_REASONS } from "./refunds";
import { claimAttempt, settle } from "./settle.server";

// Issue 13, item 11: a captured payment that issues nothing is owed back, and the board sees it.

let routeId = 0;
let seq = 0;

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Refund Route")).id;
});

const dueFor = async (attemptId: number) => PaymentRefund.findAll({ where: { attemptId } });

describe("settle records a refund due", () => {
  it("when a trekker was added after the payment started: nothing issued, the payer owed the captured amount", async () => {
    const p = await pendingPayment(routeId, { count: 1 });
    // The payer is at the gateway; in another tab a second trekker is added (the price unlocks).
    await addTrekker(p.regId, { id: p.payer, userType: 1, grants: [] }, person("Late Trekker"), PHOTO_KEY);

    expect(await settlePayment(p)).toBe("mismatch");
    expect((await PaymentAttempt.findByPk(p.attempt.id))!.status).toBe("duplicate");
    expect((await cardNumbersOf(p.regId)).every((c) => c.cardNumber === null)).toBe(true);
    expect(await Bill.count({ where: { registrationId: p.regId } })).toBe(0);

    const [refund] = await dueFor(p.attempt.id);
    expect(refund).toMatchObject({ registrationId: p.regId, payerUserId: p.payer, amountPaisa: p.amount, gateway: "esewa", reason: "registration-changed", status: "due", voucherId: null });
    const row = (await getRefund(refund.id))!;
    expect(row).toMatchObject({ payer: "Payer", registrationId: p.regId, amountPaisa: p.amount, gateway: "eSewa", reason: REFUND_REASONS["registration-changed"], status: "due" });

    // The gateway's answer replayed: the claim fails, no second refund.
    expect(await settlePayment(p)).toBe("already");
    expect(await dueFor(p.attempt.id)).toHaveLength(1);
  });

  it("when the registration was already paid by another payment", async () => {
    const first = await pendingPayment(routeId, { count: 2 });
    const second = await PaymentAttempt.create({ registrationId: first.regId, userId: first.payer, gateway: "khalti", methodId: 2, txnId: `R2-${first.regId}-${++seq}`.slice(0, 20), amountPaisa: first.amount });
    expect(await settlePayment(first)).toBe("issued");
    expect(await dueFor(first.attempt.id)).toHaveLength(0);

    const outcome = await settle({ registrationId: first.regId, amountPaisa: first.amount, methodId: 2, payerUserId: first.payer, attemptId: second.id, claim: claimAttempt(second.id) });
    expect(outcome).toBe("duplicate");
    const [refund] = await dueFor(second.id);
    expect(refund).toMatchObject({ registrationId: first.regId, amountPaisa: first.amount, gateway: "khalti", reason: "already-paid", status: "due" });
    expect((await getRefund(refund.id))!).toMatchObject({ gateway: "Khalti", reason: REFUND_REASONS["already-paid"] });
  });

  it("for an approved bank voucher of a registration paid meanwhile", async () => {
    const p = await pendingPayment(routeId, { count: 1 });
    expect(await settlePayment(p)).toBe("issued");
    // A deposit voucher the payer had uploaded before paying online; the board approves it now.
    const voucher = await Voucher.create({ registrationId: p.regId, userId: p.payer, amountPaisa: p.amount, fileKey: "vouchers/2026-11/00000000000000000000000000000000.png", fileName: "deposit.png", fileKind: "png" });
    let claimed = 0;
    const outcome = await settle({ registrationId: p.regId, amountPaisa: p.amount, methodId: 5, payerUserId: p.payer, voucherId: voucher.id, claim: async () => ++claimed === 1 });
    expect(outcome).toBe("duplicate");
    const refunds = await PaymentRefund.findAll({ where: { registrationId: p.regId } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ gateway: "voucher", attemptId: null, voucherId: voucher.id, reason: "already-paid" });
    expect((await getRefund(refunds[0].id))!.gateway).toBe("Bank voucher");
  });

  it("nothing for a payment that issues its cards", async () => {
    const p = await pendingPayment(routeId, { count: 1 });
    expect(await settlePayment(p)).toBe("issued");
    expect(await PaymentRefund.count({ where: { registrationId: p.regId } })).toBe(0);
  });
});

describe("the board's list and marking refunded", () => {
  it("lists refunds due oldest first; marking one refunded moves it to the refunded list once", async () => {
    const board = await makeUser({ userType: 4, fullName: "Board Cashier" });
    const a = await pendingPayment(routeId, { count: 1 });
    await addTrekker(a.regId, { id: a.payer, userType: 1, grants: [] }, person("Late A"), PHOTO_KEY);
    await settlePayment(a);
    const b = await pendingPayment(routeId, { count: 1 });
    await addTrekker(b.regId, { id: b.payer, userType: 1, grants: [] }, person("Late B"), PHOTO_KEY);
    await settlePayment(b);
    const [refundA] = await dueFor(a.attempt.id);
    const [refundB] = await dueFor(b.attempt.id);

    const due = await listRefunds({ status: "due", offset: 0, limit: 1000 });
    const ids = due.rows.map((r) => r.id);
    expect(ids.indexOf(refundA.id)).toBeLessThan(ids.indexOf(refundB.id));
    expect(due.total).toBe(due.rows.length);

    await markRefunded({ id: refundA.id, reference: "ESW-RF-001", actorId: board.id });
    const stored = (await PaymentRefund.findByPk(refundA.id))!;
    expect(stored).toMatchObject({ status: "refunded", reference: "ESW-RF-001", refundedBy: board.id });
    expect(stored.refundedAt).toBeInstanceOf(Date);
    expect((await listRefunds({ status: "due", offset: 0, limit: 1000 })).rows.map((r) => r.id)).not.toContain(refundA.id);
    const refunded = await listRefunds({ status: "refunded", offset: 0, limit: 1000 });
    expect(refunded.rows.find((r) => r.id === refundA.id)).toMatchObject({ reference: "ESW-RF-001", statusLabel: "Refunded" });

    // A second click (or a second cashier) is refused; the first reference stands.
    const again = await markRefunded({ id: refundA.id, reference: "OTHER", actorId: board.id }).catch((e) => e);
    expect(again).toBeInstanceOf(DomainError);
    expect(again).toMatchObject({ status: 409, message: ALREADY_REFUNDED });
    expect((await PaymentRefund.findByPk(refundA.id))!.reference).toBe("ESW-RF-001");
    // Two cashiers at once: one wins.
    const both = await Promise.allSettled([
      markRefunded({ id: refundB.id, reference: "ONE", actorId: board.id }),
      markRefunded({ id: refundB.id, reference: "TWO", actorId: board.id }),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await markRefunded({ id: 99_999_999, reference: "X", actorId: board.id }).catch((e) => e.status)).toBe(404);
  });
});
