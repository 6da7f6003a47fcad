import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { pendingPayment, settlePayment } from "../../tests/factories/payments";
import { PHOTO_KEY, makeRoute, person } from "../../tests/factories/registrations";
import { makeUser } from "../../tests/factories/users";
import { DomainError } from "@lib/errors";
import { addTrekker, cardNumbersOf } from "@modules/registration/index.server";
import { Bill, PaymentAttempt, Voucher } from "./models/payment-records.server";
import { PaymentRefund } from "./models/refund.server";
import {
  ALREADY_REFUNDED,
  REFUND_NOTICE_JOB,
  billingRefunds,
  getRefund,
  listRefunds,
  markRefunded,
  refundsDueSummary,
  refundsOfRegistration,
} from "./refunds.server";
import { JobRow } from "../../jobs/job-store.server";
import { listOutbox, readOutboxMessage } from "../../emails/outbox.server";
import { formatNrs } from "@modules/registration";
import { emailRefundNotice } from "./refund-notice.server";
import { REFUND_REASONS } from "./refunds";
import { billingNotices } from "./billing-notices.server";
import { invoiceVoids } from "./invoice-counter.server";
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
    expect(refund).toMatchObject({
      registrationId: p.regId,
      payerUserId: p.payer,
      amountPaisa: p.amount,
      gateway: "esewa",
      reason: "registration-changed",
      status: "due",
      voucherId: null,
    });
    const row = (await getRefund(refund.id))!;
    expect(row).toMatchObject({
      payer: "Payer",
      registrationId: p.regId,
      amountPaisa: p.amount,
      gateway: "eSewa",
      reason: REFUND_REASONS["registration-changed"],
      status: "due",
    });

    // The gateway's answer replayed: the claim fails, no second refund.
    expect(await settlePayment(p)).toBe("already");
    expect(await dueFor(p.attempt.id)).toHaveLength(1);
  });

  it("when the registration was already paid by another payment", async () => {
    const first = await pendingPayment(routeId, { count: 2 });
    const second = await PaymentAttempt.create({
      registrationId: first.regId,
      userId: first.payer,
      gateway: "khalti",
      methodId: 2,
      txnId: `R2-${first.regId}-${++seq}`.slice(0, 20),
      amountPaisa: first.amount,
    });
    expect(await settlePayment(first)).toBe("issued");
    expect(await dueFor(first.attempt.id)).toHaveLength(0);

    const outcome = await settle({
      registrationId: first.regId,
      amountPaisa: first.amount,
      methodId: 2,
      payerUserId: first.payer,
      attemptId: second.id,
      claim: claimAttempt(second.id),
    });
    expect(outcome).toBe("duplicate");
    const [refund] = await dueFor(second.id);
    expect(refund).toMatchObject({ registrationId: first.regId, amountPaisa: first.amount, gateway: "khalti", reason: "already-paid", status: "due" });
    expect((await getRefund(refund.id))!).toMatchObject({ gateway: "Khalti", reason: REFUND_REASONS["already-paid"] });
  });

  it("for an approved bank voucher of a registration paid meanwhile", async () => {
    const p = await pendingPayment(routeId, { count: 1 });
    expect(await settlePayment(p)).toBe("issued");
    // A deposit voucher the payer had uploaded before paying online; the board approves it now.
    const voucher = await Voucher.create({
      registrationId: p.regId,
      userId: p.payer,
      amountPaisa: p.amount,
      fileKey: "vouchers/2026-11/00000000000000000000000000000000.png",
      fileName: "deposit.png",
      fileKind: "png",
    });
    let claimed = 0;
    const outcome = await settle({
      registrationId: p.regId,
      amountPaisa: p.amount,
      methodId: 5,
      payerUserId: p.payer,
      voucherId: voucher.id,
      claim: async () => ++claimed === 1,
    });
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

describe("billing shows what is owed back (issue 25, 3b)", () => {
  /** A payment that bought nothing for `payer` (a trekker added while it was at the gateway). */
  async function owed(payer: Awaited<ReturnType<typeof makeUser>>) {
    const p = await pendingPayment(routeId, { count: 1, payer });
    await addTrekker(p.regId, { id: p.payer, userType: 1, grants: [] }, person("Late"), PHOTO_KEY);
    expect(await settlePayment(p)).toBe("mismatch");
    return { ...p, refund: (await dueFor(p.attempt.id))[0] };
  }

  it("the payer sees their own refunds, due then refunded with the reference, date and who; the board and TAAN see all", async () => {
    const payer = await makeUser({ userType: 1, fullName: "Owed Payer" });
    const other = await makeUser({ userType: 1, fullName: "Other Payer" });
    const board = await makeUser({ userType: 4, fullName: "Refund Cashier" });
    const taan = await makeUser({ userType: 6 });
    const mine = await owed(payer);
    const theirs = await owed(other);

    const seen = async (viewer: { id: number; userType: number }) => (await billingRefunds(viewer, { offset: 0, limit: 1000 })).rows;
    expect((await seen(payer)).map((r) => r.id)).toEqual([mine.refund.id]);
    expect((await seen(other)).map((r) => r.id)).toEqual([theirs.refund.id]);
    for (const all of [board, taan]) expect((await seen(all)).map((r) => r.id)).toEqual(expect.arrayContaining([mine.refund.id, theirs.refund.id]));
    const [due] = await seen(payer);
    expect(due).toMatchObject({
      status: "due",
      statusLabel: "Refund due",
      amountPaisa: mine.amount,
      gateway: "eSewa",
      paymentRef: mine.attempt.txnId,
      reference: null,
      refundedAt: null,
      refundedBy: null,
    });
    expect(await refundsDueSummary(payer)).toEqual({ count: 1, amountPaisa: mine.amount });
    expect((await refundsDueSummary(board)).count).toBeGreaterThanOrEqual(2);
    // The billing page's notices say the same in one statement: the payer's own, or everyone's with the voided runs.
    expect(await billingNotices(payer, { offset: 0, limit: 200 })).toEqual({ refundsDue: { count: 1, amountPaisa: mine.amount }, voids: null });
    const notices = await billingNotices(board, { offset: 0, limit: 200 });
    expect(notices.refundsDue).toEqual(await refundsDueSummary(board));
    expect(notices.voids).toEqual(await invoiceVoids({ offset: 0, limit: 200 }));

    await markRefunded({ id: mine.refund.id, reference: "ESW-RF-77", actorId: board.id });
    const [refunded] = await seen(payer);
    expect(refunded).toMatchObject({ status: "refunded", statusLabel: "Refunded", reference: "ESW-RF-77", refundedBy: "Refund Cashier" });
    expect(refunded.refundedAt).toBeInstanceOf(Date);
    expect(await refundsDueSummary(payer)).toEqual({ count: 0, amountPaisa: 0 });
    expect((await refundsOfRegistration(mine.regId)).map((r) => [r.id, r.status])).toEqual([[mine.refund.id, "refunded"]]);
  });

  it("marking refunded e-mails the payer the refund's reference, once", async () => {
    const payer = await makeUser({ userType: 1, fullName: "Mailed Payer" });
    const board = await makeUser({ userType: 4 });
    const { refund, amount, regId } = await owed(payer);
    await markRefunded({ id: refund.id, reference: "KHL-RF-9", actorId: board.id });
    const jobs = await JobRow.findAll({ where: { name: REFUND_NOTICE_JOB } });
    expect(
      jobs
        .filter((j) => JSON.parse(j.data).refundId === refund.id)
        .map((j) => JSON.parse(j.data).kind)
        .sort(),
    ).toEqual(["due", "refunded"]);

    await emailRefundNotice(refund.id, "refunded");
    const entry = (await listOutbox()).find((m) => m.to.includes(payer.email));
    expect(entry?.subject).toBe(`Your payment of ${formatNrs(amount)} has been refunded`);
    const text = (await readOutboxMessage(entry!.id))!.text!;
    expect(text).toContain(`registration #${regId}`);
    expect(text).toContain("Refund reference: KHL-RF-9");
  });
});
