// Payments for tests: a registration priced and an open gateway attempt for it.
import { PaymentAttempt, billIdOfRegistration, claimAttempt, getReceipt, listRefunds, settle } from "@modules/payments/index.server";
import { addTrekker } from "@modules/registration/index.server";
import { PHOTO_KEY, makeRegistration, person, trekkerNames, type RegistrationOptions } from "./registrations";
import { makeUser, type Actor } from "./users";

let seq = 0;

/** A FIT payer's priced registration with an eSewa attempt awaiting confirmation. */
export async function pendingPayment(routeId: number, opts: RegistrationOptions & { payer?: Actor; count?: number } = {}) {
  const payer = opts.payer ?? (await makeUser({ userType: 1, fullName: "Payer" }));
  const { regId, amount } = await makeRegistration(payer, routeId, { trekkers: trekkerNames(opts.count ?? 2), ...opts, priced: true });
  const attempt = await PaymentAttempt.create({ registrationId: regId, userId: payer.id, gateway: "esewa", methodId: 1, txnId: `T${regId}-${++seq}-${Date.now()}`.slice(0, 20), amountPaisa: amount });
  return { regId, attempt, amount, payer: payer.id };
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
