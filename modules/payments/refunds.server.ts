import { fn, col, type Transaction, type WhereOptions } from "sequelize";
import { writeTransaction } from "../../db/sequelize.server";
import { enqueue } from "../../jobs/queue.server";
import { conflictError, notFoundError } from "@lib/errors";
import { notify } from "@modules/notifications/index.server";
import { formatNrs } from "@modules/registration";
import { registrationForPayment } from "@modules/registration/index.server";
import { displayNames } from "@modules/users/index.server";
import { seesAllBills } from "./billing";
import { PaymentAttempt } from "./models/payment-records.server";
import { PaymentRefund } from "./models/refund.server";
import { REFUND_REASONS, REFUND_STATUS_LABELS, refundGatewayLabel, type RefundReason, type RefundStatus } from "./refunds";
import { voucherInvoiceId } from "./labels";

/** The job that e-mails the payer about their refund: when it falls due, and when it is paid. */
export const REFUND_NOTICE_JOB = "payments.refund-notice";
export type RefundNoticeKind = "due" | "refunded";

/**
 * Records, inside settle's transaction (or the board's "refund due" decision on a voucher), that
 * the payment captured money and issued nothing: the payer is owed it back. The payer is told in
 * the same transaction (an inbox item, and an e-mail queued as a job), so they hear of it exactly
 * when it is recorded. settle's claim lets each payment through once, and the unique attempt and
 * voucher columns hold even if a caller forgot that.
 */
export async function recordRefundDue(
  payment: { registrationId: number; payerUserId: number; amountPaisa: number; attemptId?: number; voucherId?: number; reason: RefundReason },
  transaction: Transaction,
): Promise<number> {
  if (!payment.attemptId && !payment.voucherId) throw new Error("A refund needs the payment it returns");
  const attempt = payment.attemptId ? await PaymentAttempt.findByPk(payment.attemptId, { attributes: ["gateway"], transaction }) : null;
  const refund = await PaymentRefund.create(
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
  await tellPayer(refund, "due", transaction);
  return refund.id;
}

async function tellPayer(refund: PaymentRefund, kind: RefundNoticeKind, transaction: Transaction): Promise<void> {
  const amount = formatNrs(refund.amountPaisa);
  await notify(
    kind === "due"
      ? {
          kind: "refund-due",
          to: [refund.payerUserId],
          title: `${amount} will be refunded`,
          body: `Your ${refundGatewayLabel(refund.gateway)} payment of ${amount} for registration #${refund.registrationId} bought nothing: ${REFUND_REASONS[refund.reason].toLowerCase()}. It will be refunded to you.`,
          link: "/billing/refunds",
        }
      : {
          kind: "refund-paid",
          to: [refund.payerUserId],
          title: `${amount} refunded`,
          body: `Your ${refundGatewayLabel(refund.gateway)} payment of ${amount} for registration #${refund.registrationId} has been refunded (reference ${refund.reference}).`,
          link: "/billing/refunds",
        },
    transaction,
  );
  await enqueue(REFUND_NOTICE_JOB, { refundId: refund.id, kind }, { transaction, key: `refund-${kind}-${refund.id}`, attempts: 5 });
}

export interface RefundRow {
  id: number;
  status: RefundStatus;
  statusLabel: string;
  payerUserId: number;
  payer: string;
  payerEmail: string;
  registrationId: number;
  routeName: string;
  amountPaisa: number;
  gateway: string;
  /** The payment it returns: the gateway attempt's transaction id, or the voucher's number. */
  paymentRef: string;
  reasonKey: RefundReason;
  reason: string;
  /** When the payment was found to buy nothing. */
  dueSince: Date;
  reference: string | null;
  refundedAt: Date | null;
  /** Who marked it refunded. */
  refundedBy: string | null;
}

async function toRows(refunds: PaymentRefund[]): Promise<RefundRow[]> {
  const attemptIds = refunds.map((r) => r.attemptId).filter((id): id is number => typeof id === "number");
  const [names, attempts] = await Promise.all([
    displayNames(refunds.flatMap((r) => (r.refundedBy ? [r.payerUserId, r.refundedBy] : [r.payerUserId]))),
    attemptIds.length ? PaymentAttempt.findAll({ where: { id: attemptIds }, attributes: ["id", "txnId"] }) : Promise.resolve([]),
  ]);
  const txnIds = new Map(attempts.map((a) => [a.id, a.txnId]));
  const routes = new Map(
    await Promise.all([...new Set(refunds.map((r) => r.registrationId))].map(async (id) => [id, (await registrationForPayment(id))?.routeName ?? ""] as const)),
  );
  return refunds.map((r) => ({
    id: r.id,
    status: r.status,
    statusLabel: REFUND_STATUS_LABELS[r.status as RefundStatus],
    payerUserId: r.payerUserId,
    payer: names.get(r.payerUserId)?.name ?? "",
    payerEmail: names.get(r.payerUserId)?.email ?? "",
    registrationId: r.registrationId,
    routeName: routes.get(r.registrationId) ?? "",
    amountPaisa: r.amountPaisa,
    gateway: refundGatewayLabel(r.gateway),
    paymentRef: r.attemptId ? (txnIds.get(r.attemptId) ?? "") : r.voucherId ? voucherInvoiceId(r.voucherId) : "",
    reasonKey: r.reason,
    reason: REFUND_REASONS[r.reason] ?? r.reason,
    dueSince: r.createdAt,
    reference: r.reference ?? null,
    refundedAt: r.refundedAt ?? null,
    refundedBy: r.refundedBy ? (names.get(r.refundedBy)?.name ?? "") : null,
  }));
}

/**
 * Refunds by status, oldest due first (the longest-waiting payer first); refunded ones newest
 * first. The board's Refunds page reads this.
 */
export async function listRefunds(q: { status: RefundStatus; offset: number; limit: number }): Promise<{ rows: RefundRow[]; total: number }> {
  const { rows, count } = await PaymentRefund.findAndCountAll({
    where: { status: q.status },
    order:
      q.status === "due"
        ? [
            ["createdAt", "ASC"],
            ["id", "ASC"],
          ]
        : [
            ["refundedAt", "DESC"],
            ["id", "DESC"],
          ],
    offset: q.offset,
    limit: q.limit,
  });
  return { rows: await toRows(rows), total: count };
}

/** Whose refunds a billing viewer sees: like bills, the board and TAAN all, everyone else those owed to them. */
function billingScope(viewer: { id: number; userType: number }): WhereOptions<PaymentRefund> {
  return seesAllBills(viewer) ? {} : { payerUserId: viewer.id };
}

/** Billing's Refunds tab: the viewer's refunds, due and refunded, newest first. */
export async function billingRefunds(
  viewer: { id: number; userType: number },
  q: { offset: number; limit: number },
): Promise<{ rows: RefundRow[]; total: number }> {
  const { rows, count } = await PaymentRefund.findAndCountAll({
    where: billingScope(viewer),
    order: [
      ["createdAt", "DESC"],
      ["id", "DESC"],
    ],
    offset: q.offset,
    limit: q.limit,
  });
  return { rows: await toRows(rows), total: count };
}

/** How many of the viewer's refunds are still due, and how much they come to (billing's notice). */
export async function refundsDueSummary(viewer: { id: number; userType: number }): Promise<{ count: number; amountPaisa: number }> {
  const [row] = (await PaymentRefund.findAll({
    where: { ...billingScope(viewer), status: "due" },
    attributes: [
      [fn("COUNT", col("id")), "n"],
      [fn("SUM", col("amountPaisa")), "total"],
    ],
    raw: true,
  })) as unknown as { n: number | string | null; total: number | string | null }[];
  return { count: Number(row?.n ?? 0), amountPaisa: Number(row?.total ?? 0) };
}

/** The refunds of one registration (the Receipt Details panel of its bill tells of them). */
export async function refundsOfRegistration(registrationId: number): Promise<RefundRow[]> {
  return toRows(await PaymentRefund.findAll({ where: { registrationId }, order: [["id", "ASC"]] }));
}

/** The refund owed for one payment, if it bought nothing (the payment result page, the voucher panel). */
export async function refundOfPayment(payment: { attemptId: number } | { voucherId: number }): Promise<RefundRow | null> {
  const refund = await PaymentRefund.findOne({ where: "attemptId" in payment ? { attemptId: payment.attemptId } : { voucherId: payment.voucherId } });
  return refund ? (await toRows([refund]))[0] : null;
}

export async function getRefund(id: number): Promise<RefundRow | null> {
  const refund = await PaymentRefund.findByPk(id);
  return refund ? (await toRows([refund]))[0] : null;
}

export const ALREADY_REFUNDED = "This payment has already been marked refunded.";

/**
 * The board paid the money back: records the reference, once (a second click is a 409), and
 * tells the payer in the same transaction.
 */
export async function markRefunded(opts: { id: number; reference: string; actorId: number }): Promise<void> {
  await writeTransaction(async (transaction) => {
    const refund = await PaymentRefund.findByPk(opts.id, { transaction });
    if (!refund) throw notFoundError();
    if (refund.status !== "due") throw conflictError(ALREADY_REFUNDED);
    const refundedAt = new Date();
    const [changed] = await PaymentRefund.update(
      { status: "refunded", reference: opts.reference, refundedBy: opts.actorId, refundedAt },
      { where: { id: refund.id, status: "due" }, transaction },
    );
    if (changed !== 1) throw conflictError(ALREADY_REFUNDED);
    refund.set({ status: "refunded", reference: opts.reference, refundedBy: opts.actorId, refundedAt });
    await tellPayer(refund, "refunded", transaction);
  });
}
