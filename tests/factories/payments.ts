// Payments for tests: a registration priced and an open gateway attempt for it.
import "../setup/compose";
import { QueryTypes } from "sequelize";
import { PaymentAttempt, billIdOfRegistration, claimAttempt, getReceipt, listRefunds, settle } from "@modules/payments/index.server";
import { addTrekker, lockPrice } from "@modules/registration/index.server";
import { PHOTO_KEY, makeRegistration, person, trekkerNames, type RegistrationOptions } from "./registrations";
import { makeUser, type Actor } from "./users";

let seq = 0;

/** An eSewa attempt of `payerId` for the registration's amount, awaiting confirmation. */
const esewaAttempt = (regId: number, payerId: number, amount: number) =>
  PaymentAttempt.create({
    registrationId: regId,
    userId: payerId,
    gateway: "esewa",
    methodId: 1,
    txnId: `T${regId}-${++seq}-${Date.now()}`.slice(0, 20),
    amountPaisa: amount,
  });

/** A FIT payer's priced registration with an eSewa attempt awaiting confirmation. */
export async function pendingPayment(routeId: number, opts: RegistrationOptions & { payer?: Actor; count?: number } = {}) {
  const payer = opts.payer ?? (await makeUser({ userType: 1, fullName: "Payer" }));
  const { regId, amount } = await makeRegistration(payer, routeId, { trekkers: trekkerNames(opts.count ?? 2), ...opts, priced: true });
  const attempt = await esewaAttempt(regId, payer.id, amount);
  return { regId, attempt, amount, payer: payer.id };
}

/**
 * Pays a registration of `payer` as a gateway's confirmed answer does: the price locked, an
 * attempt, its settlement (never a bill without a payment, which the ledger check refuses).
 */
export async function payRegistration(regId: number, payer: Actor) {
  const amount = await lockPrice(regId, payer);
  const attempt = await esewaAttempt(regId, payer.id, amount);
  return settle({ registrationId: regId, amountPaisa: amount, methodId: 1, payerUserId: payer.id, attemptId: attempt.id, claim: claimAttempt(attempt.id) });
}

export type PendingPayment = Awaited<ReturnType<typeof pendingPayment>>;

/** Confirms the attempt the way a gateway's answer does. */
export const settlePayment = (p: PendingPayment) =>
  settle({ registrationId: p.regId, amountPaisa: p.amount, methodId: 1, payerUserId: p.payer, attemptId: p.attempt.id, claim: claimAttempt(p.attempt.id) });

/**
 * A refund due (issue 13, item 11): the payer adds a trekker while the payment is at the gateway,
 * so the captured payment buys nothing. Returns the payment and the refund's id.
 */
export async function refundDue(routeId: number, opts: RegistrationOptions & { payer?: Actor } = {}) {
  const p = await pendingPayment(routeId, { ...opts, count: 1 });
  await addTrekker(p.regId, { id: p.payer, userType: 1, grants: [] }, person("Late Trekker"), PHOTO_KEY);
  if ((await settlePayment(p)) !== "mismatch") throw new Error("the payment should have bought nothing");
  const { rows } = await listRefunds({ status: "due", offset: 0, limit: 1000 });
  const refund = rows.find((r) => r.registrationId === p.regId);
  if (!refund) throw new Error("no refund recorded");
  return { ...p, refundId: refund.id };
}

/** A paid registration with its bill and the bill's invoice number (the payment settled as a gateway's answer does). */
export async function paidBill(routeId: number, opts: RegistrationOptions & { payer?: Actor; count?: number } = {}) {
  const p = await pendingPayment(routeId, opts);
  if ((await settlePayment(p)) !== "issued") throw new Error("the payment should have issued the cards");
  const billId = await billIdOfRegistration(p.regId);
  if (!billId) throw new Error("no bill recorded");
  // Read as the board reads it: invoice numbers follow the bills, not the registrations (issue 25).
  const receipt = await getReceipt(billId, { id: 0, userType: 4 });
  if (!receipt) throw new Error("no receipt for the bill");
  return { ...p, billId, invoiceNumber: receipt.invoiceNumber };
}

/**
 * The payment that bought a registration's cards, refunded: a payment_refunds row against the
 * bill's gateway attempt or voucher. No screen records this yet (the spec sells cards as
 * non-refundable); a gateway's own refund of a settled payment (eSewa FULL_REFUND, Khalti
 * "Refunded") or a decision of the board would. Test data only, written where payments keep it,
 * so the modules that read "was this card's payment refunded" are tested against the real row.
 */
export async function refundSale(regId: number, status: "due" | "refunded" = "refunded"): Promise<void> {
  const { sequelize } = await import("../../db/sequelize.server");
  const [bill] = await sequelize.query<{ payerUserId: number; amountPaisa: number; attemptId: number | null; voucherId: number | null }>(
    "SELECT payerUserId, amountPaisa, attemptId, voucherId FROM bills WHERE registrationId = :regId",
    { replacements: { regId }, type: QueryTypes.SELECT },
  );
  if (!bill) throw new Error(`registration ${regId} has no bill to refund`);
  const now = new Date();
  await sequelize.query(
    `INSERT INTO payment_refunds (registrationId, payerUserId, amountPaisa, gateway, attemptId, voucherId, reason, status, reference, refundedAt, createdAt, updatedAt)
     VALUES (:regId, :payer, :amount, :gateway, :attemptId, :voucherId, 'sale-refunded', :status, :reference, :refundedAt, :now, :now)`,
    {
      replacements: {
        regId,
        payer: bill.payerUserId,
        amount: bill.amountPaisa,
        gateway: bill.attemptId ? "esewa" : "voucher",
        attemptId: bill.attemptId,
        voucherId: bill.attemptId ? null : bill.voucherId,
        status,
        reference: status === "refunded" ? `RF-${regId}` : null,
        refundedAt: status === "refunded" ? now : null,
        now,
      },
    },
  );
}
