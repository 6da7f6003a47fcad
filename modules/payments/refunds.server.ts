import type { Transaction } from "sequelize";
import { writeTransaction } from "../../db/sequelize.server";
import { conflictError, notFoundError } from "@lib/errors";
import { registrationForPayment } from "@modules/registration/index.server";
import { displayNames } from "@modules/users/index.server";
import { PaymentAttempt } from "./models/payment-records.server";
import { PaymentRefund } from "./models/refund.server";
import { REFUND_REASONS, REFUND_STATUS_LABELS, refundGatewayLabel, type RefundReason, type RefundStatus } from "./refunds";

/**
 * Records, inside settle's transaction, that the payment being settled captured money and
 * issued nothing: the payer is owed it back. settle's claim lets each payment through once, and
 * the unique attempt and voucher columns hold even if a caller forgot that.
 */
export async function recordRefundDue(
  payment: { registrationId: number; payerUserId: number; amountPaisa: number; attemptId?: number; voucherId?: number; reason: RefundReason },
  transaction: Transaction,
): Promise<void> {
  if (!payment.attemptId && !payment.voucherId) throw new Error("A refund needs the payment it returns");
  const attempt = payment.attemptId ? await PaymentAttempt.findByPk(payment.attemptId, { attributes: ["gateway"], transaction }) : null;
  await PaymentRefund.create(
    {
      registrationId: payment.registrationId,
      payerUserId: payment.payerUserId,
      amountPaisa: payment.amountPaisa,
      gateway: attempt?.gateway ?? "voucher",
      attemptId: payment.attemptId ?? null,
      voucherId: payment.attemptId ? null : (payment.voucherId ?? null),
      reason: payment.reason,
    },
    { transaction },
  );
}

export interface RefundRow {
  id: number;
  status: RefundStatus;
  statusLabel: string;
  payer: string;
  payerEmail: string;
  registrationId: number;
  routeName: string;
  amountPaisa: number;
  gateway: string;
  reason: string;
  /** When the payment was found to buy nothing. */
  dueSince: Date;
  reference: string | null;
  refundedAt: Date | null;
}

async function toRows(refunds: PaymentRefund[]): Promise<RefundRow[]> {
  const names = await displayNames(refunds.map((r) => r.payerUserId));
  const routes = new Map(
    await Promise.all([...new Set(refunds.map((r) => r.registrationId))].map(async (id) => [id, (await registrationForPayment(id))?.routeName ?? ""] as const)),
  );
  return refunds.map((r) => ({
    id: r.id,
    status: r.status,
    statusLabel: REFUND_STATUS_LABELS[r.status as RefundStatus],
    payer: names.get(r.payerUserId)?.name ?? "",
    payerEmail: names.get(r.payerUserId)?.email ?? "",
    registrationId: r.registrationId,
    routeName: routes.get(r.registrationId) ?? "",
    amountPaisa: r.amountPaisa,
    gateway: refundGatewayLabel(r.gateway),
    reason: REFUND_REASONS[r.reason] ?? r.reason,
    dueSince: r.createdAt,
    reference: r.reference ?? null,
    refundedAt: r.refundedAt ?? null,
  }));
}

/**
 * Refunds by status, oldest due first (the longest-waiting payer first); refunded ones newest
 * first. The board's page reads this, and billing will (issue 16).
 */
export async function listRefunds(q: { status: RefundStatus; offset: number; limit: number }): Promise<{ rows: RefundRow[]; total: number }> {
  const { rows, count } = await PaymentRefund.findAndCountAll({
    where: { status: q.status },
    order: q.status === "due" ? [["createdAt", "ASC"], ["id", "ASC"]] : [["refundedAt", "DESC"], ["id", "DESC"]],
    offset: q.offset,
    limit: q.limit,
  });
  return { rows: await toRows(rows), total: count };
}

export async function getRefund(id: number): Promise<RefundRow | null> {
  const refund = await PaymentRefund.findByPk(id);
  return refund ? (await toRows([refund]))[0] : null;
}

export const ALREADY_REFUNDED = "This payment has already been marked refunded.";

/** The board paid the money back: records the reference, once (a second click is a 409). */
export async function markRefunded(opts: { id: number; reference: string; actorId: number }): Promise<void> {
  await writeTransaction(async (transaction) => {
    const refund = await PaymentRefund.findByPk(opts.id, { transaction });
    if (!refund) throw notFoundError();
    if (refund.status !== "due") throw conflictError(ALREADY_REFUNDED);
    const [changed] = await PaymentRefund.update(
      { status: "refunded", reference: opts.reference, refundedBy: opts.actorId, refundedAt: new Date() },
      { where: { id: refund.id, status: "due" }, transaction },
    );
    if (changed !== 1) throw conflictError(ALREADY_REFUNDED);
  });
}
