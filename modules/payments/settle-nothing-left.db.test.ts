import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeCardGenerator } from "../../tests/factories/cards";
import { inDays } from "../../tests/factories/dates";
import { pendingPayment, settlePayment } from "../../tests/factories/payments";
import { makeRoute, trek } from "../../tests/factories/registrations";
import { makeUser } from "../../tests/factories/users";
import { generateCards, sweepCards } from "@modules/cards/index.server";
import { registrationForPayment } from "@modules/registration/index.server";
import { addDays } from "@lib/dates";
import { confirmAttempt } from "./gateway-payments.server";
import type { PaymentGateway } from "./gateways/types";
import { Bill, PaymentAttempt, Voucher } from "./models/payment-records.server";
import { PaymentRefund } from "./models/refund.server";
import { decideVoucher, markVoucherRefundDue, uploadVoucher } from "./vouchers.server";

// What the model-based tests found (modules/ledger/model.db.test.ts, docs/model-based-tests.md),
// each held here at the level of the payments module.

let routeId = 0;
let seq = 0;

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Nothing Left Route")).id;
});

const provider = (status: "success" | "failure") =>
  ({
    id: "esewa",
    confirm: async ({ expected }: { expected: { amountPaisa: number } }) => ({ status, amountPaisa: expected.amountPaisa, raw: {} }),
  }) as unknown as PaymentGateway;

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

describe("a payment that finds nothing left to buy", () => {
  it("after Generate Card gave the cards away: no bill, a refund due, the refund panel (was: a bill for no card)", async () => {
    const p = await pendingPayment(routeId, { count: 1 });
    await generateCards(await makeCardGenerator(), p.regId, { announce: false });
    expect(await confirmAttempt(p.attempt, provider("success"), { query: new URLSearchParams() })).toMatchObject({
      status: "refund-due",
      settle: "generated",
      refund: { reason: "cards-generated" },
    });
    expect(await Bill.count({ where: { registrationId: p.regId } })).toBe(0);
    expect((await PaymentAttempt.findByPk(p.attempt.id))!.status).toBe("duplicate");
    expect((await PaymentRefund.findAll({ where: { registrationId: p.regId } })).map((r) => [r.reason, r.status])).toEqual([["cards-generated", "due"]]);
  });

  it("after Generate Card, a voucher is refused approval and can be marked refund due", async () => {
    const payer = await makeUser({ userType: 1, fullName: "Voucher Payer" });
    const p = await pendingPayment(routeId, { count: 1, payer });
    await uploadVoucher(p.regId, payer, new File([PDF], "d.pdf", { type: "application/pdf" }));
    // The gateway's failure comes back (Payment Failure), the board generates the cards.
    await confirmAttempt(p.attempt, provider("failure"), { query: new URLSearchParams() });
    await generateCards(await makeCardGenerator(), p.regId, { announce: false });
    const voucher = (await Voucher.findOne({ where: { registrationId: p.regId } }))!;
    await expect(decideVoucher({ id: voucher.id, approve: true, actorId: 1, origin: "http://localhost" })).rejects.toMatchObject({ status: 409 });
    expect(await Bill.count({ where: { registrationId: p.regId } })).toBe(0);
    expect(await markVoucherRefundDue({ id: voucher.id, actorId: 1 })).toBe("done");
    expect((await PaymentRefund.findOne({ where: { voucherId: voucher.id } }))!.reason).toBe("cards-generated");
  });

  it("after the trek expired: the payer is shown the refund, not Payment Successful", async () => {
    const p = await pendingPayment(routeId, { count: 1, trek: trek(routeId, inDays(0), inDays(0)) });
    await sweepCards({ today: addDays(inDays(0), 1) });
    expect((await registrationForPayment(p.regId))!.status).toBe("Expired");
    expect(await confirmAttempt(p.attempt, provider("success"), { query: new URLSearchParams() })).toMatchObject({
      status: "refund-due",
      settle: "expired",
      refund: { reason: "trek-expired" },
    });
  });

  it("a failure told again leaves a voucher's wait alone (was: back to Payment Failure, payable twice)", async () => {
    const payer = await makeUser({ userType: 1, fullName: "Twice Told" });
    const p = await pendingPayment(routeId, { count: 1, payer });
    await confirmAttempt(p.attempt, provider("failure"), { query: new URLSearchParams() });
    expect((await registrationForPayment(p.regId))!.status).toBe("Payment Failure");
    await uploadVoucher(p.regId, payer, new File([PDF], "d.pdf", { type: "application/pdf" }));
    const failed = (await PaymentAttempt.findByPk(p.attempt.id))!;
    expect(await confirmAttempt(failed, provider("failure"), { query: new URLSearchParams(`again=${++seq}`) })).toMatchObject({ status: "failure" });
    expect((await registrationForPayment(p.regId))!.status).toBe("Pending");
    // A first failure answer of an open attempt still leaves the registration payable.
    const open = await pendingPayment(routeId, { count: 1 });
    await confirmAttempt(open.attempt, provider("failure"), { query: new URLSearchParams() });
    expect((await registrationForPayment(open.regId))!.status).toBe("Payment Failure");
  });

  it("a payment that buys the cards still issues them with the bill", async () => {
    const p = await pendingPayment(routeId, { count: 1 });
    expect(await settlePayment(p)).toBe("issued");
    expect(await Bill.count({ where: { registrationId: p.regId } })).toBe(1);
  });
});
