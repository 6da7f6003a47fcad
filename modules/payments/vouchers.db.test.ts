import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRegistration, makeRoute, trekkerNames } from "../../tests/factories/registrations";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { cardEvents } from "@modules/cards/index.server";
import { cardNumbersOf, registrationForPayment } from "@modules/registration/index.server";
import { Bill, Voucher } from "./models/payment-records.server";
import { decideVoucher, uploadVoucher } from "./vouchers.server";

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
  expect(await uploadVoucher(regId, payer, new File([PDF], "deposit.pdf", { type: "application/pdf" }))).toEqual({ ok: true });
  const voucher = (await Voucher.findOne({ where: { registrationId: regId } }))!;
  return { regId, voucher };
}

const decide = (id: number, approve: boolean) => decideVoucher({ id, approve, refNo: "REF-1", remarks: approve ? undefined : "The deposit slip is unreadable.", actorId: board.id, origin: "http://localhost" });

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
