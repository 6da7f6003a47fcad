import { Op, type Transaction } from "sequelize";
import { writeTransaction } from "../../db/sequelize.server";
import { getQueue } from "../../jobs/queue.server";
import { markRegistrationPaid, registrationForPayment } from "../registration/payment-state.server";
import { Bill, PaymentAttempt } from "./models/payment-records.server";

export function invoiceNumberFor(registrationId: number): string {
  return `INV-${String(registrationId).padStart(7, "0")}`;
}

export type SettleOutcome = "issued" | "already" | "duplicate" | "mismatch";

/**
 * Issues what a confirmed payment buys, exactly once: the bill, the paid status and the card
 * numbers commit together. `claim` moves the payment record out of its open state; only the
 * caller whose claim changed a row goes on, so replays and races issue nothing twice.
 */
export async function settle(opts: {
  registrationId: number;
  amountPaisa: number;
  methodId: number;
  payerUserId: number;
  attemptId?: number;
  voucherId?: number;
  claim: (transaction: Transaction) => Promise<boolean>;
}): Promise<SettleOutcome> {
  const outcome = await writeTransaction(async (transaction): Promise<SettleOutcome> => {
    if (!(await opts.claim(transaction))) return "already";
    const reg = await registrationForPayment(opts.registrationId, transaction);
    if (!reg) throw new Error(`Registration ${opts.registrationId} not found`);
    if (await Bill.findOne({ where: { registrationId: reg.id }, transaction })) {
      if (opts.attemptId) await PaymentAttempt.update({ status: "duplicate" }, { where: { id: opts.attemptId }, transaction });
      console.warn(`[payments] registration ${reg.id} was already paid; attempt ${opts.attemptId ?? "-"} needs a refund`);
      return "duplicate";
    }
    if (reg.totalPaisa !== opts.amountPaisa) {
      if (opts.attemptId) await PaymentAttempt.update({ status: "duplicate" }, { where: { id: opts.attemptId }, transaction });
      console.warn(`[payments] registration ${reg.id} owes ${reg.totalPaisa} but ${opts.amountPaisa} was paid; nothing issued`);
      return "mismatch";
    }
    await Bill.create(
      {
        invoiceNumber: invoiceNumberFor(reg.id),
        registrationId: reg.id,
        methodId: opts.methodId,
        amountPaisa: opts.amountPaisa,
        payerUserId: opts.payerUserId,
        attemptId: opts.attemptId ?? null,
        voucherId: opts.voucherId ?? null,
      },
      { transaction },
    );
    await markRegistrationPaid(reg.id, transaction);
    return "issued";
  });
  // After the commit, so the job never reads a registration that is not paid yet. The payment
  // stands even if queueing fails; the card stays downloadable (its PDF renders on request).
  if (outcome === "issued") {
    await getQueue()
      .enqueue("cards.issued", { registrationId: opts.registrationId })
      .catch((error) => console.error(`[payments] could not queue the card e-mails of registration ${opts.registrationId}:`, error));
  }
  return outcome;
}

/** The claim for a gateway attempt: open → success. */
export function claimAttempt(attemptId: number) {
  return async (transaction: Transaction) => {
    const [count] = await PaymentAttempt.update(
      { status: "success" },
      { where: { id: attemptId, status: { [Op.in]: ["initiated", "pending", "failure", "declined"] } }, transaction },
    );
    return count === 1;
  };
}
