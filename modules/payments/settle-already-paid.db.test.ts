import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { pendingPayment, settlePayment } from "../../tests/factories/payments";
import { makeRoute } from "../../tests/factories/registrations";
import { JobRow } from "../../jobs/job-store.server";
import { listOutbox, readOutboxMessage } from "../../emails/outbox.server";
import { cardEvents } from "@modules/cards/index.server";
import { listNotifications } from "@modules/notifications/index.server";
import { cardNumbersOf } from "@modules/registration/index.server";
import { formatNrs } from "@modules/registration";
import { displayNames } from "@modules/users/index.server";
import { confirmAttempt, qrPayment, storedOutcome } from "./gateway-payments.server";
import type { PaymentGateway } from "./gateways/types";
import { Bill, PaymentAttempt } from "./models/payment-records.server";
import { emailRefundNotice } from "./refund-notice.server";
import { REFUND_NOTICE_JOB } from "./refunds.server";
import { PaymentRefund } from "./models/refund.server";
import { RECEIPT_JOB } from "./receipt-pdf.server";
import { claimAttempt, settle } from "./settle.server";

// settle's already-paid branch: a second confirmed payment of a registration that has its bill.
// Issue 25, 3b: the money taken twice is told to the payer, not hidden.

let routeId = 0;
let seq = 0;

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Settle Route")).id;
});

/** A provider that confirms whatever it is asked about, for the amount asked. */
const confirmingProvider = {
  id: "khalti",
  confirm: async ({ expected }: { expected: { amountPaisa: number } }) => ({ status: "success", amountPaisa: expected.amountPaisa, raw: {} }),
} as unknown as PaymentGateway;

/** A paid registration and a second attempt its payer opened in another tab before the first was confirmed. */
async function paidTwice() {
  const first = await pendingPayment(routeId, { count: 2 });
  const second = await PaymentAttempt.create({
    registrationId: first.regId,
    userId: first.payer,
    gateway: "khalti",
    methodId: 2,
    txnId: `T2-${first.regId}-${++seq}`.slice(0, 20),
    amountPaisa: first.amount,
  });
  expect(await settlePayment(first)).toBe("issued");
  return { first, second };
}

const receiptJobs = () => JobRow.count({ where: { name: RECEIPT_JOB } });

describe("settle, already paid", () => {
  it("a second confirmation of an already-paid registration issues nothing more and reports it", async () => {
    const { first, second } = await paidTwice();
    const cards = await cardNumbersOf(first.regId);
    const events = await Promise.all(cards.map((c) => cardEvents(c.trekkerId)));

    const outcome = await settle({
      registrationId: first.regId,
      amountPaisa: first.amount,
      methodId: 2,
      payerUserId: first.payer,
      attemptId: second.id,
      claim: claimAttempt(second.id),
    });
    expect(outcome).toBe("duplicate");
    // Marked for a refund, and nothing else changed: one bill, the same numbers, no new card moves.
    expect((await PaymentAttempt.findByPk(second.id))!.status).toBe("duplicate");
    expect(await Bill.count({ where: { registrationId: first.regId } })).toBe(1);
    expect(await cardNumbersOf(first.regId)).toEqual(cards);
    expect(await Promise.all(cards.map((c) => cardEvents(c.trekkerId)))).toEqual(events);
    // Confirming the duplicate again is a replay: its claim fails.
    expect(
      await settle({
        registrationId: first.regId,
        amountPaisa: first.amount,
        methodId: 2,
        payerUserId: first.payer,
        attemptId: second.id,
        claim: claimAttempt(second.id),
      }),
    ).toBe("already");
  });

  it("the payer's result says the amount will be refunded, never success: when confirmed, replayed, and read back", async () => {
    const { first, second } = await paidTwice();
    const receiptsBefore = await receiptJobs();

    const outcome = await confirmAttempt(second, confirmingProvider, { query: new URLSearchParams() });
    expect(outcome).toMatchObject({
      status: "refund-due",
      registrationId: first.regId,
      settle: "duplicate",
      refund: { amountPaisa: first.amount, gateway: "Khalti", reason: "already-paid" },
    });
    // The provider's answer arriving again (a reload, the reconciliation job) says the same.
    expect(await confirmAttempt(second, confirmingProvider, { query: new URLSearchParams() })).toMatchObject({
      status: "refund-due",
      refund: { amountPaisa: first.amount },
    });
    // The card gateway's POSTed result lands on the stored outcome.
    expect(await storedOutcome(second.txnId, { id: first.payer })).toMatchObject({
      status: "refund-due",
      registrationId: first.regId,
      refund: { reason: "already-paid" },
    });
    // No second sale: no second bill, no receipt for it.
    expect(await Bill.count({ where: { registrationId: first.regId } })).toBe(1);
    expect(await receiptJobs()).toBe(receiptsBefore);
  });

  it("a NEPALPAY QR paid after the registration was paid leads to the refund panel, not the success one", async () => {
    const first = await pendingPayment(routeId, { count: 1 });
    const qr = await PaymentAttempt.create({
      registrationId: first.regId,
      userId: first.payer,
      gateway: "fonepay",
      methodId: 4,
      txnId: `QR-${first.regId}-${++seq}`.slice(0, 20),
      amountPaisa: first.amount,
      answers: JSON.stringify([{ start: { kind: "qr", qrText: "000201", prn: "x" } }]),
    });
    expect(await settlePayment(first)).toBe("issued");
    expect((await qrPayment(qr.txnId, first.regId, { id: first.payer }))!.status).toBe("pending");
    expect((await confirmAttempt(qr, confirmingProvider, { query: new URLSearchParams(), mode: "qr" })).status).toBe("refund-due");
    expect((await qrPayment(qr.txnId, first.regId, { id: first.payer }))!.status).toBe("refund-due");
  });

  it("the payer is e-mailed and told in the inbox, in the transaction that records the refund", async () => {
    const { first, second } = await paidTwice();
    await confirmAttempt(second, confirmingProvider, { query: new URLSearchParams() });
    const refund = (await PaymentRefund.findOne({ where: { attemptId: second.id } }))!;
    const job = await JobRow.findOne({ where: { name: REFUND_NOTICE_JOB, key: `refund-due-${refund.id}` } });
    expect(JSON.parse(job!.data)).toEqual({ refundId: refund.id, kind: "due" });
    const inbox = await listNotifications(first.payer, { offset: 0, limit: 10 });
    expect(inbox.rows.map((n) => n.title)).toContain(`${formatNrs(first.amount)} will be refunded`);

    await emailRefundNotice(refund.id, "due");
    const payer = (await displayNames([first.payer])).get(first.payer)!;
    const entry = (await listOutbox()).find((m) => m.to.includes(payer.email));
    expect(entry?.subject).toBe(`Your payment of ${formatNrs(first.amount)} will be refunded`);
    const text = (await readOutboxMessage(entry!.id))!.text!;
    const invoice = (await Bill.findOne({ where: { registrationId: first.regId } }))!.invoiceNumber;
    expect(text).toContain(`your Khalti payment of ${formatNrs(first.amount)}`);
    expect(text).toContain(`registration #${first.regId}`);
    expect(text).toContain(`That registration had already been paid by another payment (eSewa, receipt ${invoice}`);
    expect(text).toContain("no cards and no receipt were issued for it");
    expect(text).toContain(`The amount of ${formatNrs(first.amount)} will be refunded to you.`);
    expect(text).toMatch(/\/billing\/refunds/);
  });
});
