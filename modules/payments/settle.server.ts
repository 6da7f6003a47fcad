import { Op, type Transaction } from "sequelize";
import { writeTransaction } from "../../db/sequelize.server";
import { isExpired, issuePaidCards, ruleOf } from "@modules/cards/index.server";
import { registrationForPayment } from "@modules/registration/index.server";
import { recordDaily } from "@modules/stats/index.server";
import { allocateInvoiceNumber } from "./invoice-counter.server";
import { Bill, PaymentAttempt } from "./models/payment-records.server";
import { announceBill } from "./receipt-pdf.server";
import { recordRefundDue } from "./refunds.server";
import type { RefundReason } from "./labels";

export type SettleOutcome = "issued" | "already" | "duplicate" | "mismatch" | "expired" | "generated";

/**
 * Thrown by settle (with `refuseIfNothingToIssue`) instead of recording a refund: the payment
 * would buy nothing, and its transaction, the caller's claim included, is rolled back.
 */
export class NothingToIssue extends Error {
  constructor(
    readonly reason: RefundReason,
    readonly detail: { invoiceNumber?: string; totalPaisa?: number | null },
  ) {
    super(
      reason === "already-paid"
        ? `already paid (${detail.invoiceNumber})`
        : reason === "cards-generated"
          ? "cards generated without payment"
          : `re-priced to ${detail.totalPaisa}`,
    );
    this.name = "NothingToIssue";
  }
}

/**
 * Issues what a confirmed payment buys, exactly once: the bill and the cards module's "issue"
 * move (statuses, card numbers, card_events rows) commit together. `claim` moves the payment
 * record out of its open state; only the caller whose claim changed a row goes on, so replays
 * and races issue nothing twice ("already"). A second payment of a registration that already
 * has its bill, or whose amount is no longer the registration's price (trekkers changed after
 * the payment started), issues nothing: it is reported ("duplicate", "mismatch") and recorded as
 * a refund due to the payer in the same transaction (refunds.server.ts). A caller that may still
 * say no (the board approving a voucher) asks instead to be refused: NothingToIssue is thrown and
 * nothing, its claim included, is written.
 */
export async function settle(opts: {
  registrationId: number;
  amountPaisa: number;
  methodId: number;
  payerUserId: number;
  attemptId?: number;
  voucherId?: number;
  claim: (transaction: Transaction) => Promise<boolean>;
  refuseIfNothingToIssue?: boolean;
}): Promise<SettleOutcome> {
  const outcome = await writeTransaction(async (transaction): Promise<SettleOutcome> => {
    if (!(await opts.claim(transaction))) return "already";
    const reg = await registrationForPayment(opts.registrationId, transaction);
    if (!reg) throw new Error(`Registration ${opts.registrationId} not found`);
    const paid = await Bill.findOne({ where: { registrationId: reg.id }, transaction });
    if (paid && opts.refuseIfNothingToIssue) throw new NothingToIssue("already-paid", { invoiceNumber: paid.invoiceNumber });
    if (paid) {
      if (opts.attemptId) await PaymentAttempt.update({ status: "duplicate" }, { where: { id: opts.attemptId }, transaction });
      await recordRefundDue({ ...opts, reason: "already-paid" }, transaction);
      console.warn(`[payments] registration ${reg.id} was already paid; attempt ${opts.attemptId ?? "-"} needs a refund`);
      return "duplicate";
    }
    // --- Past treks (issue 25) ---
    // An attempt started while the trek was payable is honoured whenever its answer comes, the
    // trek under way or not; but once the daily sweep has closed the registration (its exit date
    // passed, unpaid) nothing is issued for a trek that is over: the money is owed back.
    if (isExpired(reg.status)) {
      if (opts.attemptId) await PaymentAttempt.update({ status: "duplicate" }, { where: { id: opts.attemptId }, transaction });
      await recordRefundDue({ ...opts, reason: "trek-expired" }, transaction);
      console.warn(`[payments] registration ${reg.id} expired before attempt ${opts.attemptId ?? "-"} was confirmed; refund due`);
      return "expired";
    }
    // --- end past treks ---
    // Cards given without a payment (Generate Card) while this payment was at the provider: there
    // is nothing left to buy. No bill (a bill for cards the chalan and the ledger count as given
    // away would be a sale of nothing); the money is owed back (found by the model-based tests).
    if (cardsGivenWithoutPayment(reg.status)) {
      if (opts.refuseIfNothingToIssue) throw new NothingToIssue("cards-generated", {});
      if (opts.attemptId) await PaymentAttempt.update({ status: "duplicate" }, { where: { id: opts.attemptId }, transaction });
      await recordRefundDue({ ...opts, reason: "cards-generated" }, transaction);
      console.warn(`[payments] registration ${reg.id} had its cards generated before attempt ${opts.attemptId ?? "-"} was confirmed; refund due`);
      return "generated";
    }
    if (reg.totalPaisa !== opts.amountPaisa && opts.refuseIfNothingToIssue) throw new NothingToIssue("registration-changed", { totalPaisa: reg.totalPaisa });
    if (reg.totalPaisa !== opts.amountPaisa) {
      if (opts.attemptId) await PaymentAttempt.update({ status: "duplicate" }, { where: { id: opts.attemptId }, transaction });
      await recordRefundDue({ ...opts, reason: "registration-changed" }, transaction);
      console.warn(`[payments] registration ${reg.id} owes ${reg.totalPaisa} but ${opts.amountPaisa} was paid; nothing issued, refund due`);
      return "mismatch";
    }
    // What only this payment's rows need first, the shared counters last (ADR 0052): the card
    // and invoice counters are rows every payment locks until its commit. The bill's statistics
    // are read here for the day of `at` (recordDaily writes them at the commit).
    const at = new Date();
    await recordDaily({ kind: "bill", at, registrationId: reg.id, methodId: opts.methodId, amountPaisa: opts.amountPaisa }, transaction);
    await issuePaidCards(reg, transaction);
    const bill = await Bill.create(
      {
        createdAt: at,
        // Taken here, with the bill (issue 25): a payment that issues nothing takes no number.
        invoiceNumber: await allocateInvoiceNumber(transaction),
        registrationId: reg.id,
        methodId: opts.methodId,
        amountPaisa: opts.amountPaisa,
        payerUserId: opts.payerUserId,
        attemptId: opts.attemptId ?? null,
        voucherId: opts.voucherId ?? null,
      },
      { transaction },
    );
    // The receipt (PDF, e-mail to the payer) is queued with the bill, like the cards' PDFs.
    await announceBill(bill.id, transaction);
    return "issued";
  });
  // The cards' PDF and e-mail job was queued inside the transaction (issuePaidCards), so it
  // exists exactly when the payment does, whatever happens to this process after the commit.
  return outcome;
}

/**
 * A registration without a bill whose status no payment can issue from (nor Expired): its cards
 * were given without a payment (Generate Card), so a payment now buys nothing.
 */
export function cardsGivenWithoutPayment(status: string): boolean {
  return !isExpired(status) && !(ruleOf("issue").from as readonly string[]).includes(status);
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
