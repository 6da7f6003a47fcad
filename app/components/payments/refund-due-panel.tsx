import { Link } from "@remix-run/react";
import { LinkButton } from "@lib/ui/button";
import { formatNrs } from "@lib/numbers";
import type { RefundReason } from "@modules/payments";

export const REFUND_DUE_TITLES: Record<RefundReason, string> = {
  "already-paid": "Registration Already Paid",
  "registration-changed": "Payment Not Applied",
  "trek-expired": "Registration Expired",
  "cards-generated": "Cards Already Issued",
};

function whyNothingBought(reason: RefundReason, registrationId: number, payment: string): string {
  if (reason === "already-paid") return `Registration #${registrationId} had already been paid by another payment, so ${payment} bought nothing.`;
  if (reason === "cards-generated")
    return `The TIMS cards of registration #${registrationId} had already been issued without payment (Generate Card) before ${payment} was confirmed, so it bought nothing.`;
  if (reason === "trek-expired")
    return `Registration #${registrationId} had expired (its exit date passed) before ${payment} was confirmed, so no TIMS card was issued.`;
  return `The trekkers of registration #${registrationId} changed after ${payment} started, so it bought nothing.`;
}

/**
 * The payment result when the provider took the money but it bought nothing (issue 25, 3b): the
 * registration had been paid meanwhile by another payment (another tab, another gateway), or its
 * trekkers changed while the payer was at the provider. It says so and that the amount is
 * refunded; never "Payment Successful", never a second receipt.
 */
export function RefundDuePanel({
  registrationId,
  refund,
  reason,
  detailsTo,
}: {
  registrationId: number;
  refund: { amountPaisa: number; gateway: string } | null;
  reason: RefundReason;
  /** The trekkers' page, when the registration is paid (by the other payment). */
  detailsTo: string | null;
}) {
  const alreadyPaid = reason === "already-paid";
  const payment = refund ? `this ${refund.gateway} payment` : "this payment";
  return (
    <section className="rounded-lg bg-white p-8 text-center shadow-sm" data-testid="payment-refund-due">
      <h2 className="text-2xl font-bold text-amber-700">{REFUND_DUE_TITLES[reason]}</h2>
      <p className="mt-2 text-slate-700">{whyNothingBought(reason, registrationId, payment)}</p>
      <p className="mt-3 text-lg font-semibold text-slate-900" data-testid="refund-due-amount">
        {refund ? `The amount of ${formatNrs(refund.amountPaisa)} will be refunded to you.` : "The amount will be refunded to you."}
      </p>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        No cards and no receipt were issued for this payment. We have sent you an e-mail about it; your billing lists the refund under Refunds until it has been
        made.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {alreadyPaid && detailsTo ? <LinkButton to={detailsTo}>View Trekker Details</LinkButton> : null}
        {reason === "registration-changed" ? <LinkButton to={`/new-register/${registrationId}/payment`}>Pay the new total</LinkButton> : null}
        <Link to="/billing/refunds" className="self-center text-blue-700 underline">
          Refunds in billing
        </Link>
      </div>
    </section>
  );
}
