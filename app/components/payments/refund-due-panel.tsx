import { Link } from "@remix-run/react";
import { LinkButton } from "@lib/ui/button";
import { formatNrs } from "@lib/numbers";
import type { RefundReason } from "@modules/payments";
import { useT } from "@lib/i18n/context";
import type { Translator } from "@lib/i18n/translate";

export const REFUND_DUE_TITLES: Record<RefundReason, string> = {
  "already-paid": "Registration Already Paid",
  "registration-changed": "Payment Not Applied",
  "trek-expired": "Registration Expired",
  "cards-generated": "Cards Already Issued",
};

function whyNothingBought({ t }: Translator, reason: RefundReason, registrationId: number, payment: string): string {
  const values = { id: String(registrationId), payment };
  if (reason === "already-paid") return t("Registration #{{id}} had already been paid by another payment, so {{payment}} bought nothing.", values);
  if (reason === "cards-generated")
    return t(
      "The TIMS cards of registration #{{id}} had already been issued without payment (Generate Card) before {{payment}} was confirmed, so it bought nothing.",
      values,
    );
  if (reason === "trek-expired")
    return t("Registration #{{id}} had expired (its exit date passed) before {{payment}} was confirmed, so no TIMS card was issued.", values);
  return t("The trekkers of registration #{{id}} changed after {{payment}} started, so it bought nothing.", values);
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
  const translator = useT();
  const { t } = translator;
  const payment = refund ? t("this {{gateway}} payment", { gateway: refund.gateway }) : t("this payment");
  return (
    <section className="rounded-lg bg-white p-8 text-center shadow-sm" data-testid="payment-refund-due">
      <h2 className="text-2xl font-bold text-amber-700">{t(REFUND_DUE_TITLES[reason])}</h2>
      <p className="mt-2 text-slate-700">{whyNothingBought(translator, reason, registrationId, payment)}</p>
      <p className="mt-3 text-lg font-semibold text-slate-900" data-testid="refund-due-amount">
        {refund ? t("The amount of {{amount}} will be refunded to you.", { amount: formatNrs(refund.amountPaisa) }) : t("The amount will be refunded to you.")}
      </p>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        {t(
          "No cards and no receipt were issued for this payment. We have sent you an e-mail about it; your billing lists the refund under Refunds until it has been made.",
        )}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {alreadyPaid && detailsTo ? <LinkButton to={detailsTo}>{t("View Trekker Details")}</LinkButton> : null}
        {reason === "registration-changed" ? <LinkButton to={`/new-register/${registrationId}/payment`}>{t("Pay the new total")}</LinkButton> : null}
        <Link to="/billing/refunds" className="self-center text-blue-700 underline">
          {t("Refunds in billing")}
        </Link>
      </div>
    </section>
  );
}
