import { createElement } from "react";
import { mailTranslator } from "../../emails/translator.server";
import { deliver } from "../../emails/mailer.server";
import { renderEmail } from "../../emails/render.server";
import { mailText } from "../../emails/templates/email-layout";
import { RefundDueEmail, RefundedEmail, refundDueSubject, refundedSubject, type RefundNoticeFacts } from "../../emails/templates/refund-notice";
import type { Translator } from "@lib/i18n/translate";
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
async function whyNothingWasBought(refund: PaymentRefund, tr: Translator): Promise<string> {
  if (refund.reason === "registration-changed") {
    return mailText(tr, "The trekkers of that registration changed after this payment started, so its total was no longer the amount paid.");
  }
  if (refund.reason === "trek-expired")
    return mailText(tr, "That registration had expired (its exit date passed) before this payment was confirmed, so no TIMS card was issued.");
  if (refund.reason === "cards-generated")
    return mailText(tr, "The TIMS cards of that registration had already been issued without payment before this payment was confirmed.");
  const bill = await Bill.findOne({ where: { registrationId: refund.registrationId }, order: [["id", "ASC"]] });
  if (!bill) return mailText(tr, "That registration had already been paid by another payment.");
  // The method's name is the gateway's own (Khalti, connectIPS): not translated.
  const method = PAYMENT_METHOD_LABELS[bill.methodId] ?? mailText(tr, "another method");
  return mailText(tr, "That registration had already been paid by another payment ({{method}}, receipt {{invoiceNumber}} of {{paidOn}}).", {
    method,
    invoiceNumber: bill.invoiceNumber,
    paidOn: displayDate(bill.createdAt),
  });
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
  const tr = await mailTranslator(payer.language);
  const facts: RefundNoticeFacts = {
    name: payer.name,
    amount,
    payment: refund.voucherId
      ? mailText(tr, "your bank deposit voucher {{voucher}}", { voucher: voucherInvoiceId(refund.voucherId) })
      : mailText(tr, "your {{gateway}} payment", { gateway: refundGatewayLabel(refund.gateway) }),
    receivedOn: displayDate(refund.createdAt),
    registrationId: refund.registrationId,
    routeName: reg?.routeName ?? "",
    why: await whyNothingWasBought(refund, tr),
    link: `${publicOrigin()}/billing/refunds`,
  };
  const { html, text } =
    kind === "due"
      ? renderEmail(createElement(RefundDueEmail, facts), tr)
      : renderEmail(
          createElement(RefundedEmail, { ...facts, reference: refund.reference ?? "", refundedOn: refund.refundedAt ? displayDate(refund.refundedAt) : "" }),
          tr,
        );
  await deliver({ to: payer.email, subject: kind === "due" ? refundDueSubject(amount, tr) : refundedSubject(amount, tr), html, text });
}
