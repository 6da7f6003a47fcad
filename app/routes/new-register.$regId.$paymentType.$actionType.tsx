import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, Link, useLoaderData } from "@remix-run/react";
import { LinkButton } from "@lib/ui/button";
import { requirePermission } from "~/utils/guards.server";
import { can } from "@modules/users/index.server";
import { WizardSteps } from "@modules/registration/index.ui";
import { cardNumbersOf } from "@modules/registration/index.server";
import { confirmGatewayReturn, paymentTxnIdFromReturn, recheckAttempt, storedOutcome } from "@modules/payments/index.server";
import { paymentReturnParams } from "@modules/payments/index.server";
import { resultPageUrl } from "@modules/payments";
import { RefundDuePanel } from "~/components/payments/refund-due-panel";
import { parseParams } from "@lib/params.server";
import { readText } from "@lib/multipart.server";
import { notFound } from "@lib/param-id";
import { useT } from "@lib/i18n/context";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Register Trek" };

/**
 * Where the gateway sends the payer back (spec 1 §2.1). Nothing on this URL is trusted: the
 * payment module confirms with the provider before anything changes, so a hand-made "success"
 * URL shows a failure and issues nothing. Once confirmed, the payer is sent on to the page named
 * for the outcome (a Khalti or FonePay cancel returns to ".../success"), which shows what is
 * stored: the URL agrees with its panel, and a reload asks nobody. "Check again" on a pending
 * payment (check=1) asks the provider once more.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "registerTrek");
  const { regId: regIdParam, paymentType: gateway, actionType } = parseParams(params, paymentReturnParams);
  const query = new URL(request.url).searchParams;
  if (query.get("stored") === "1") {
    const outcome = await storedOutcome(query.get("TXNID") ?? "", user);
    const cards =
      (outcome.status === "success" || outcome.status === "refund-due") && outcome.registrationId ? await cardNumbersOf(outcome.registrationId) : [];
    return {
      outcome,
      cards,
      isFit: can(user, "trekkingHistory"),
      gateway,
      txnId: query.get("TXNID") ?? "",
      // "Payment Pending" and "Payment Failure" are card statuses too: their words are in `card`.
      texts: await pageTexts(request, ["wizard", "payment", "card"]),
    };
  }
  const txnId = query.get("TXNID") ?? query.get("PRN") ?? "";
  const outcome =
    query.get("check") === "1" || actionType === "pending"
      ? await recheckAttempt(txnId, user)
      : await confirmGatewayReturn({ gateway, query, actionType, viewer: user });
  throw redirect(
    resultPageUrl({ regId: outcome.registrationId ?? regIdParam, gateway, status: outcome.status, txnId: txnIdOf(gateway, query, undefined) || txnId }),
    303,
  );
}

/** Our transaction id as the provider's return names it (eSewa hides it in its signed data). */
function txnIdOf(gateway: Parameters<typeof paymentTxnIdFromReturn>[0], query: URLSearchParams, body: URLSearchParams | undefined): string {
  return paymentTxnIdFromReturn(gateway, query, body) ?? "";
}

// public: the card gateway POSTs its signed result from the payer's browser, possibly without our
// (SameSite) cookie; the signature authenticates it, and the payer then sees the stored outcome.
export async function action({ request, params }: ActionFunctionArgs) {
  const { regId: regIdParam, paymentType: gateway, actionType } = parseParams(params, paymentReturnParams);
  if (actionType === "pending") throw notFound();
  const body = new URLSearchParams(await readText(request));
  const url = new URL(request.url);
  const outcome = await confirmGatewayReturn({ gateway, query: url.searchParams, body, actionType, viewer: null });
  const txnId = txnIdOf(gateway, url.searchParams, body);
  return redirect(resultPageUrl({ regId: outcome.registrationId ?? regIdParam, gateway, status: outcome.status, txnId }), 303);
}

export default function PaymentResult() {
  const { outcome, cards, isFit, gateway, txnId } = useLoaderData<typeof loader>();
  const regId = outcome.registrationId;
  const { t } = useT();
  const detailsTo = isFit && cards[0] ? `/trekking-history/${cards[0].trekkerId}` : isFit ? "/trekking-history" : "/trekkers";
  if (outcome.status === "refund-due" && regId) {
    return (
      <>
        <WizardSteps current={2} />
        <RefundDuePanel registrationId={regId} refund={outcome.refund ?? null} reason={outcome.refund?.reason ?? "already-paid"} detailsTo={detailsTo} />
      </>
    );
  }
  if (outcome.status === "success") {
    return (
      <>
        <WizardSteps current={2} />
        <section className="rounded-lg bg-white p-8 text-center shadow-sm" data-testid="payment-success">
          <h2 className="text-2xl font-bold text-green-700">{t("Payment Successful")}</h2>
          <p className="mt-2 text-slate-700">{t("Your payment has been successful. Enjoy the Trek.")}</p>
          <ul className="mx-auto mt-4 max-w-sm text-left text-sm" data-testid="card-numbers">
            {cards.map((c) => (
              <li key={c.trekkerId} className="flex justify-between border-b border-slate-100 py-1">
                <span>{c.fullName}</span>
                <span className="font-mono">{c.cardNumber ?? "—"}</span>
              </li>
            ))}
          </ul>
          <LinkButton to={detailsTo} className="mt-6">
            {t("View Trekker Details")}
          </LinkButton>
        </section>
      </>
    );
  }
  if (outcome.status === "pending") {
    return (
      <section className="rounded-lg bg-white p-8 text-center shadow-sm" data-testid="payment-pending">
        <h2 className="text-2xl font-bold text-amber-700">{t("Payment Pending")}</h2>
        <p className="mt-2 text-slate-700">{t("The provider has not confirmed your payment yet. Please check again in a moment.")}</p>
        <Link
          to={resultPageUrl({ regId: regId ?? "noreg", gateway, status: "pending", txnId, check: true })}
          reloadDocument
          className="mt-4 inline-block text-blue-700 underline"
        >
          {t("Check again")}
        </Link>
      </section>
    );
  }
  const declined = outcome.status === "declined";
  return (
    <>
      <WizardSteps current={2} />
      <section className="rounded-lg bg-white p-8 text-center shadow-sm" data-testid={declined ? "payment-declined" : "payment-failure"}>
        <h2 className="text-2xl font-bold text-red-700">{t(declined ? "Payment Declined" : "Payment Failure")}</h2>
        <p className="mt-2 text-slate-700">{t("We aren't able to process your payment.")}</p>
        <details className="mx-auto mt-4 max-w-md text-left text-sm">
          <summary className="cursor-pointer font-semibold text-slate-800">{t("Transaction Failed")}</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            <li>{t("Wrong card number, expiry date or CVV.")}</li>
            <li>{t("Wrong OTP.")}</li>
            <li>{t("The issuing bank declined the payment: enable online transactions with your bank.")}</li>
            <li>{t("Then try again.")}</li>
          </ul>
        </details>
        {regId ? (
          <LinkButton to={`/new-register/${regId}/payment`} className="mt-6">
            {t("Try again")}
          </LinkButton>
        ) : null}
      </section>
    </>
  );
}
