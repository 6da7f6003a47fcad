import { createElement } from "react";
import { deliver } from "../../emails/mailer.server";
import { renderEmail } from "../../emails/render.server";
import { RefundDueEmail, RefundedEmail, refundDueSubject, refundedSubject, type RefundNoticeFacts } from "../../emails/templates/refund-notice";
import { displayDate } from "@lib/dates";
import { publicOrigin } from "@lib/origin.server";
import { formatNrs } from "@modules/registration";
import { registrationForPayment } from "@modules/registration/index.server";
import { displayNames } from "@modules/users/index.server";
import { voucherInvoiceId } from "./labels";
import { refundGatewayLabel } from "./methods";
import { Bill } from "./models/payment-records.server";
import { PaymentRefund } from "./models/refund.server";
import { PAYMENT_METHOD_LABELS } from "./payment-medium";
import type { RefundNoticeKind } from "./refunds.server";

/** Why the payment bought nothing, in the payer's words: the sale it would have repeated, or the change. */
async function whyNothingWasBought(refund: PaymentRefund): Promise<string> {
  if (refund.reason === "registration-changed") {
    return "The trekkers of that registration changed after this payment started, so its total was no longer the amount paid.";
  }
  if (refund.reason === "trek-expired")
    return "That registration had expired (its exit date passed) before this payment was confirmed, so no TIMS card was issued.";
  if (refund.reason === "cards-generated")
    return "The TIMS cards of that registration had already been issued without payment before this payment was confirmed.";
  const bill = await Bill.findOne({ where: { registrationId: refund.registrationId }, order: [["id", "ASC"]] });
  if (!bill) return "That registration had already been paid by another payment.";
  const method = PAYMENT_METHOD_LABELS[bill.methodId] ?? "another method";
  return `That registration had already been paid by another payment (${method}, receipt ${bill.invoiceNumber} of ${displayDate(bill.createdAt)}).`;
}

/**
 * The job "payments.refund-notice", queued in the transaction that records the refund (due) or
 * marks it paid (refunded): e-mails the payer what happened to their money. The job's key makes
 * each notice once per refund.
 */
export async function emailRefundNotice(refundId: number, kind: RefundNoticeKind): Promise<void> {
  const refund = await PaymentRefund.findByPk(refundId);
  if (!refund) return;
  const payer = (await displayNames([refund.payerUserId])).get(refund.payerUserId);
  if (!payer?.email) return;
  const reg = await registrationForPayment(refund.registrationId);
  const amount = formatNrs(refund.amountPaisa);
  const facts: RefundNoticeFacts = {
    name: payer.name,
    amount,
    payment: refund.voucherId ? `your bank deposit voucher ${voucherInvoiceId(refund.voucherId)}` : `your ${refundGatewayLabel(refund.gateway)} payment`,
    receivedOn: displayDate(refund.createdAt),
    registrationId: refund.registrationId,
    routeName: reg?.routeName ?? "",
    why: await whyNothingWasBought(refund),
    link: `${publicOrigin()}/billing/refunds`,
  };
  const { html, text } =
    kind === "due"
      ? renderEmail(createElement(RefundDueEmail, facts))
      : renderEmail(
          createElement(RefundedEmail, { ...facts, reference: refund.reference ?? "", refundedOn: refund.refundedAt ? displayDate(refund.refundedAt) : "" }),
        );
  await deliver({ to: payer.email, subject: kind === "due" ? refundDueSubject(amount) : refundedSubject(amount), html, text });
}
