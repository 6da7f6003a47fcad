import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRegistration, makeRoute, trekkerNames } from "../../tests/factories/registrations";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { cardEvents } from "@modules/cards/index.server";
import { cardNumbersOf, registrationForPayment } from "@modules/registration/index.server";
import { Bill, PaymentAttempt, Voucher } from "./models/payment-records.server";
import { decideVoucher, getVoucher, listVouchers, markVoucherRefundDue, uploadVoucher, voucherInvoiceId } from "./vouchers.server";
import { Op } from "sequelize";
import { DomainError } from "@lib/errors";
import { formatNrs } from "@modules/registration";
import { listNotifications } from "@modules/notifications/index.server";
import { JobRow } from "../../jobs/job-store.server";
import { listOutbox, readOutboxMessage } from "../../emails/outbox.server";
import { PaymentRefund } from "./models/refund.server";
import { emailRefundNotice } from "./refund-notice.server";
import { markRefunded } from "./refunds.server";
import { claimAttempt, settle } from "./settle.server";

// The board's voucher decision: approval issues cards and the bill once, rejection marks the
// registration unpaid, and a voucher is decided once.

let routeId = 0;
let board: TestUser;

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Voucher Route")).id;
  board = await makeUser({ userType: 4 });
});

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A FIT payer's registration with a deposit voucher awaiting review; returns the voucher. */
async function voucherSent(count = 2) {
  const payer = await makeUser({ userType: 1 });
  const { regId } = await makeRegistration(payer, routeId, { trekkers: trekkerNames(count) });
  await uploadVoucher(regId, payer, new File([PDF], "deposit.pdf", { type: "application/pdf" }));
  const voucher = (await Voucher.findOne({ where: { registrationId: regId } }))!;
  return { regId, voucher, payer };
}

/**
 * Issue 25, 3b: the payer started an eSewa payment, uploaded a deposit voucher in another tab
 * while it was open, and the eSewa payment then went through. The voucher waits, for a paid registration.
 */
async function voucherOfPaidRegistration() {
  const payer = await makeUser({ userType: 1 });
  const { regId, amount } = await makeRegistration(payer, routeId, { trekkers: trekkerNames(1), priced: true });
  const attempt = await PaymentAttempt.create({
    registrationId: regId,
    userId: payer.id,
    gateway: "esewa",
    methodId: 1,
    txnId: `VP${regId}-${Date.now()}`.slice(0, 20),
    amountPaisa: amount,
  });
  await uploadVoucher(regId, payer, new File([PDF], "deposit.pdf", { type: "application/pdf" }));
  expect(
    await settle({ registrationId: regId, amountPaisa: amount, methodId: 1, payerUserId: payer.id, attemptId: attempt.id, claim: claimAttempt(attempt.id) }),
  ).toBe("issued");
  const voucher = (await Voucher.findOne({ where: { registrationId: regId } }))!;
  const bill = (await Bill.findOne({ where: { registrationId: regId } }))!;
  return { regId, voucher, payer, amount, bill };
}

/** The e-mails queued to an address (the voucher decisions go through the "email.send" job). */
const mailsTo = async (email: string) =>
  (await JobRow.findAll({ where: { name: "email.send", data: { [Op.like]: `%${email}%` } } })).map(
    (j) => JSON.parse(j.data) as { subject: string; text: string },
  );

const decide = (id: number, approve: boolean) =>
  decideVoucher({
    id,
    approve,
    refNo: "REF-1",
    remarks: approve ? undefined : "The deposit slip is unreadable.",
    actorId: board.id,
    origin: "http://localhost",
  });

describe("voucher decision", () => {
  it("uploading waits as Pending, a markUnpaid move of every card", async () => {
    const { regId } = await voucherSent();
    expect((await registrationForPayment(regId))!.status).toBe("Pending");
    for (const c of await cardNumbersOf(regId)) expect((await cardEvents(c.trekkerId)).map((e) => `${e.action}>${e.toStatus}`)).toEqual(["markUnpaid>Pending"]);
  });

  it("approve issues the cards and the bill once; deciding again is refused", async () => {
    const { regId, voucher } = await voucherSent();
    expect(await decide(voucher.id, true)).toBe("done");
    const cards = await cardNumbersOf(regId);
    expect(cards.every((c) => c.cardNumber !== null)).toBe(true);
    expect(await Bill.count({ where: { registrationId: regId } })).toBe(1);
    expect(["Upcoming", "Active"]).toContain((await registrationForPayment(regId))!.status);
    expect((await cardEvents(cards[0].trekkerId)).map((e) => e.action)).toEqual(["markUnpaid", "issue"]);

    expect(await decide(voucher.id, true)).toBe("decided");
    expect(await decide(voucher.id, false)).toBe("decided");
    expect(await Bill.count({ where: { registrationId: regId } })).toBe(1);
    expect(await cardNumbersOf(regId)).toEqual(cards);
  });

  it("reject marks the registration unpaid (Rejected) and issues nothing; deciding again is refused", async () => {
    const { regId, voucher } = await voucherSent(1);
    expect(await decide(voucher.id, false)).toBe("done");
    expect((await registrationForPayment(regId))!.status).toBe("Rejected");
    const [card] = await cardNumbersOf(regId);
    expect(card.cardNumber).toBeNull();
    expect((await cardEvents(card.trekkerId)).map((e) => `${e.fromStatus}>${e.toStatus}`)).toEqual(["Payment Pending>Pending", "Pending>Rejected"]);
    expect(await Bill.count({ where: { registrationId: regId } })).toBe(0);
    expect((await Voucher.findByPk(voucher.id))!.isVerified).toBe(false);

    expect(await decide(voucher.id, true)).toBe("decided");
    expect(await Bill.count({ where: { registrationId: regId } })).toBe(0);
    expect(await decideVoucher({ id: 987654, approve: true, actorId: board.id, origin: "http://localhost" })).toBe("not-found");
  });

  it("two deciders at once: one decision wins", async () => {
    const { regId, voucher } = await voucherSent(1);
    const outcomes = await Promise.all([decide(voucher.id, true), decide(voucher.id, false)]);
    expect([...outcomes].sort()).toEqual(["decided", "done"]);
    const status = (await registrationForPayment(regId))!.status;
    expect(await Bill.count({ where: { registrationId: regId } })).toBe(status === "Rejected" ? 0 : 1);
  });
});

describe("a voucher for a registration already paid (issue 25, 3b)", () => {
  it("the panel says the registration is paid; approving is refused by the service and writes nothing", async () => {
    const { regId, voucher, payer, bill } = await voucherOfPaidRegistration();
    const panel = (await getVoucher(voucher.id))!;
    expect(panel.status).toBe("Pending");
    expect(panel.paidBy).toMatchObject({ invoiceNumber: bill.invoiceNumber, method: "eSewa", billId: bill.id });
    expect(panel.blocked).toBe(
      `Registration #${regId} is already paid (receipt ${bill.invoiceNumber}). This voucher cannot be approved as its payment: reject it, or mark its amount refund due.`,
    );
    const cards = await cardNumbersOf(regId);

    const refused = await decide(voucher.id, true).catch((e) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ status: 409, message: panel.blocked });
    // Nothing written: the voucher still waits, no refund, one bill, the same cards, no "cards issued" word to the payer.
    expect((await Voucher.findByPk(voucher.id))!.isVerified).toBeNull();
    expect(await PaymentRefund.count({ where: { voucherId: voucher.id } })).toBe(0);
    expect(await Bill.count({ where: { registrationId: regId } })).toBe(1);
    expect(await cardNumbersOf(regId)).toEqual(cards);
    expect(await mailsTo(payer.email)).toEqual([]);
    expect((await listNotifications(payer.id, { offset: 0, limit: 10 })).rows.map((n) => n.kind)).not.toContain("voucher-approved");
  });

  it("marking it refund due records the deposit as owed back and tells the payer what happened", async () => {
    const { regId, voucher, payer, amount, bill } = await voucherOfPaidRegistration();
    const board2 = await makeUser({ userType: 4, fullName: "Voucher Cashier" });
    expect(await markVoucherRefundDue({ id: voucher.id, actorId: board.id })).toBe("done");
    expect(await markVoucherRefundDue({ id: voucher.id, actorId: board.id })).toBe("decided");
    expect(await decide(voucher.id, false)).toBe("decided");

    const [refund] = await PaymentRefund.findAll({ where: { voucherId: voucher.id } });
    expect(refund).toMatchObject({
      registrationId: regId,
      payerUserId: payer.id,
      amountPaisa: amount,
      gateway: "voucher",
      reason: "already-paid",
      status: "due",
    });
    expect(await Bill.count({ where: { registrationId: regId } })).toBe(1);
    expect((await getVoucher(voucher.id))!).toMatchObject({ status: "Refund due", blocked: null, refund: { status: "due" } });
    const listed = async (status: "Approved" | "Refund due" | "Refunded") => (await listVouchers({ status, offset: 0, limit: 1000 })).rows.map((r) => r.id);
    expect(await listed("Refund due")).toContain(voucher.id);
    expect(await listed("Approved")).not.toContain(voucher.id);
    // The payer: no voucher-decision e-mail claiming cards, but the refund notice.
    expect(await mailsTo(payer.email)).toEqual([]);
    expect(await JobRow.count({ where: { name: "payments.refund-notice", key: `refund-due-${refund.id}` } })).toBe(1);
    await emailRefundNotice(refund.id, "due");
    const entry = (await listOutbox()).find((m) => m.to.includes(payer.email))!;
    expect(entry.subject).toBe(`Your payment of ${formatNrs(amount)} will be refunded`);
    const text = (await readOutboxMessage(entry.id))!.text!;
    expect(text).toContain(`your bank deposit voucher ${voucherInvoiceId(voucher.id)} of ${formatNrs(amount)}`);
    expect(text).toContain(`already been paid by another payment (eSewa, receipt ${bill.invoiceNumber}`);

    await markRefunded({ id: refund.id, reference: "NIC-RF-1", actorId: board2.id });
    expect((await getVoucher(voucher.id))!).toMatchObject({ status: "Refunded", refund: { reference: "NIC-RF-1", refundedBy: "Voucher Cashier" } });
    expect(await listed("Refunded")).toContain(voucher.id);
    expect(await listed("Refund due")).not.toContain(voucher.id);
  });

  it("rejecting it keeps the paid registration's cards, and the e-mail says the registration was already paid", async () => {
    const { regId, voucher, payer, bill } = await voucherOfPaidRegistration();
    const cards = await cardNumbersOf(regId);
    const status = (await registrationForPayment(regId))!.status;
    expect(await decide(voucher.id, false)).toBe("done");
    expect((await registrationForPayment(regId))!.status).toBe(status);
    expect(await cardNumbersOf(regId)).toEqual(cards);
    const [mail] = await mailsTo(payer.email);
    expect(mail.subject).toBe("Your TIMS voucher was rejected");
    expect(mail.text).toContain(`Registration #${regId} had already been paid by another payment (eSewa, receipt ${bill.invoiceNumber}`);
    expect(mail.text).not.toContain("could not be verified");
    const [note] = (await listNotifications(payer.id, { offset: 0, limit: 10 })).rows.filter((n) => n.kind === "voucher-rejected");
    expect(note.body).toContain("was already paid");
  });

  it("a voucher whose approval would issue the cards cannot be marked refund due", async () => {
    const { voucher } = await voucherSent(1);
    expect((await getVoucher(voucher.id))!.blocked).toBeNull();
    const refused = await markVoucherRefundDue({ id: voucher.id, actorId: board.id }).catch((e) => e);
    expect(refused).toMatchObject({ status: 409 });
    expect((await Voucher.findByPk(voucher.id))!.isVerified).toBeNull();
    expect(await decide(voucher.id, true)).toBe("done");
  });
});
