import { beforeAll, describe, expect, it, vi } from "vitest";
import { sequelize } from "../../db/sequelize.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRegistration, makeRoute, person, PHOTO_KEY } from "../../tests/factories/registrations";
import { pendingPayment, settlePayment, type PendingPayment } from "../../tests/factories/payments";
import { makeUser } from "../../tests/factories/users";
import { addTrekker } from "@modules/registration/index.server";
import { markCardsUnpaid } from "@modules/cards/index.server";
import { Bill, PaymentAttempt } from "./models/payment-records.server";
import { checkInvoiceNumbers, invoiceVoids } from "./invoice-counter.server";
import { billingNotices } from "./billing-notices.server";
import { invoiceMigrations, LEGACY_VOID_REASON } from "./invoice-migrations";
import { billListSource } from "./bills.server";

// Issue 25, item 3: invoice numbers were the registration's number (INV-<registration id>), so
// every unpaid registration left a hole (INV-0000003 and -0000005 missing, no record of why).
// Now a counter is taken in the transaction that writes the bill: gap-free, under concurrency,
// and when a payment fails after the number would have been taken.

// A payment may fail after its bill is written (here: while its cards are issued).
const failing = vi.hoisted(() => ({ next: false }));
vi.mock("@modules/cards/index.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("@modules/cards/index.server")>();
  return {
    ...original,
    issuePaidCards: async (...args: Parameters<typeof original.issuePaidCards>) => {
      if (failing.next) {
        failing.next = false;
        throw new Error("the cards could not be issued");
      }
      return original.issuePaidCards(...args);
    },
  };
});

let routeId = 0;

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Invoice Route")).id;
});

const invoiceOf = async (p: PendingPayment) => (await Bill.findOne({ where: { registrationId: p.regId } }))?.invoiceNumber ?? null;
const sequence = (invoice: string | null) => Number(/^INV-(\d{7})$/.exec(invoice ?? "")?.[1] ?? NaN);
async function allInvoiceNumbers(): Promise<number[]> {
  return (await Bill.findAll({ attributes: ["invoiceNumber"], order: [["id", "ASC"]] })).map((b) => sequence(b.invoiceNumber));
}
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe("invoice numbers", () => {
  it("follow the bills, not the registrations: unpaid, failed, changed and repeated payments take no number", async () => {
    const payer = await makeUser({ userType: 1, fullName: "Invoice Payer" });
    const viewer = { id: payer.id, userType: 1, grants: [] as string[] };
    // Registration 1: never paid. 2: paid. 3: the gateway said no. 4: a trekker added while the
    // payment was at the gateway (refund due). 5: paid, then paid again (refund due). 6: paid.
    await makeRegistration(viewer, routeId);
    const paid = await pendingPayment(routeId, { payer: viewer, count: 1 });
    expect(await settlePayment(paid)).toBe("issued");
    const failed = await pendingPayment(routeId, { payer: viewer, count: 1 });
    await markCardsUnpaid(failed.regId, "Payment Failure");
    const changed = await pendingPayment(routeId, { payer: viewer, count: 1 });
    await addTrekker(changed.regId, viewer, person("Late Trekker"), PHOTO_KEY);
    expect(await settlePayment(changed)).toBe("mismatch");
    const twice = await pendingPayment(routeId, { payer: viewer, count: 1 });
    expect(await settlePayment(twice)).toBe("issued");
    const second = await PaymentAttempt.create({
      registrationId: twice.regId,
      userId: payer.id,
      gateway: "khalti",
      methodId: 3,
      txnId: `A${twice.regId}-${Date.now()}`.slice(0, 20),
      amountPaisa: twice.amount,
    });
    const again: PendingPayment = { ...twice, attempt: second };
    expect(await settlePayment(again)).toBe("duplicate");
    const last = await pendingPayment(routeId, { payer: viewer, count: 1 });
    expect(await settlePayment(last)).toBe("issued");

    expect([await invoiceOf(paid), await invoiceOf(twice), await invoiceOf(last)]).toEqual(["INV-0000001", "INV-0000002", "INV-0000003"]);
    expect(await invoiceOf(failed)).toBeNull();
    expect(await invoiceOf(changed)).toBeNull();
    expect(await checkInvoiceNumbers()).toEqual({ unexplained: [], duplicates: [], malformed: [], counterBehind: false });
    // The billing search finds a bill by its invoice number, padded or not.
    const board = { id: payer.id, userType: 4 };
    const found = await billListSource(board).page({ filters: { name: "INV-0000002" }, sort: { key: "id", desc: true } }, { offset: 0, limit: 10 });
    expect(found.map((r) => r.invoiceNumber)).toEqual(["INV-0000002"]);
    expect(
      (await billListSource(board).page({ filters: { name: "3" }, sort: { key: "id", desc: true } }, { offset: 0, limit: 10 })).map((r) => r.invoiceNumber),
    ).toEqual(["INV-0000003"]);
  });

  it("concurrent payments of different registrations take consecutive numbers, each once", async () => {
    const before = await allInvoiceNumbers();
    const next = Math.max(0, ...before) + 1;
    const payments: PendingPayment[] = [];
    for (let i = 0; i < 10; i++) payments.push(await pendingPayment(routeId, { count: 1 }));
    expect(await Promise.all(payments.map((p) => settlePayment(p)))).toEqual(Array(10).fill("issued"));
    const taken = (await Promise.all(payments.map((p) => invoiceOf(p)))).map(sequence).sort((a, b) => a - b);
    expect(taken).toEqual(range(next, 10));
    expect(await checkInvoiceNumbers()).toMatchObject({ unexplained: [], duplicates: [], counterBehind: false });
  });

  it("a payment that fails after its number was taken gives the number back with everything else", async () => {
    const next = Math.max(0, ...(await allInvoiceNumbers())) + 1;
    const broken = await pendingPayment(routeId, { count: 1 });
    failing.next = true;
    await expect(settlePayment(broken)).rejects.toThrow("the cards could not be issued");
    expect(await invoiceOf(broken)).toBeNull();
    // The next payment takes the number the failed one would have had; retried, the failed one takes the one after.
    const other = await pendingPayment(routeId, { count: 1 });
    expect(await settlePayment(other)).toBe("issued");
    expect(await invoiceOf(other)).toBe(`INV-${String(next).padStart(7, "0")}`);
    expect(await settlePayment(broken)).toBe("issued");
    expect(sequence(await invoiceOf(broken))).toBe(next + 1);
    expect(await checkInvoiceNumbers()).toMatchObject({ unexplained: [], counterBehind: false });
  });
});

describe("numbers of the first numbering (by registration)", () => {
  it("the migration records each run no bill carries as void, with its reason, and the counter continues after the highest", async () => {
    const qi = sequelize.getQueryInterface();
    // A database from before: bills numbered by their registration, with holes where a
    // registration was never paid (the unpadded form of older data included).
    const highest = Math.max(...(await allInvoiceNumbers()));
    const owner = await makeUser({ userType: 1, fullName: "Old Payer" });
    const legacy = [highest + 3, highest + 4, highest + 8];
    for (const [i, number] of legacy.entries()) {
      const { regId } = await makeRegistration({ id: owner.id, userType: 1, grants: [] }, routeId);
      await Bill.create({
        invoiceNumber: i === 2 ? `INV-${number}` : `INV-${String(number).padStart(7, "0")}`,
        registrationId: regId,
        methodId: 1,
        amountPaisa: 200000,
        payerUserId: owner.id,
      });
    }
    expect((await checkInvoiceNumbers()).unexplained).toEqual([
      { firstNumber: highest + 1, lastNumber: highest + 2 },
      { firstNumber: highest + 5, lastNumber: highest + 7 },
    ]);
    await invoiceMigrations[0].down(qi, sequelize);
    await invoiceMigrations[0].up(qi, sequelize);

    const voids = await invoiceVoids({ offset: 0, limit: 100 });
    expect(voids.rows.map((v) => [v.firstNumber, v.lastNumber, v.reason])).toEqual([
      [highest + 1, highest + 2, LEGACY_VOID_REASON],
      [highest + 5, highest + 7, LEGACY_VOID_REASON],
    ]);
    // The billing page reads them with the refunds due in one statement: the same runs, total and order.
    const board = { id: owner.id, userType: 4 };
    expect((await billingNotices(board, { offset: 0, limit: 100 })).voids).toEqual(voids);
    expect((await billingNotices(board, { offset: 1, limit: 1 })).voids).toEqual(await invoiceVoids({ offset: 1, limit: 1 }));
    expect((await billingNotices(board, { offset: 5, limit: 1 })).voids).toEqual({ rows: [], total: voids.total });
    expect(await checkInvoiceNumbers()).toEqual({ unexplained: [], duplicates: [], malformed: [], counterBehind: false });
    const p = await pendingPayment(routeId, { count: 1 });
    expect(await settlePayment(p)).toBe("issued");
    expect(await invoiceOf(p)).toBe(`INV-${String(highest + 9).padStart(7, "0")}`);

    // A hole nothing explains is reported (what the ledger check counts).
    await sequelize.query("DELETE FROM invoice_voids WHERE firstNumber = ?", { replacements: [highest + 5] });
    expect((await checkInvoiceNumbers()).unexplained).toEqual([{ firstNumber: highest + 5, lastNumber: highest + 7 }]);
  });
});
