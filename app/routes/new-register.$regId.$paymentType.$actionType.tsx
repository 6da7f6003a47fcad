import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, Link, useLoaderData } from "@remix-run/react";
import { LinkButton } from "@lib/ui/button";
import { requirePermission } from "~/utils/guards.server";
import { can } from "@modules/users/index.server";
import { WizardSteps } from "@modules/registration/index.steps";
import { cardNumbersOf } from "@modules/registration/index.server";
import { confirmGatewayReturn, storedOutcome } from "@modules/payments/index.server";
import { paymentReturnParams } from "@modules/payments/index.server";
import { parseParams } from "@lib/params.server";
import { readText } from "@lib/multipart.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Register Trek" };

/**
 * Where the gateway sends the payer back (spec 1 §2.1). Nothing on this URL is trusted: the
 * payment module confirms with the provider before anything changes, so a hand-made "success"
 * URL shows a failure and issues nothing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "registerTrek");
  const { paymentType: gateway, actionType } = parseParams(params, paymentReturnParams);
  const query = new URL(request.url).searchParams;
  const outcome =
    query.get("stored") === "1"
      ? await storedOutcome(query.get("TXNID") ?? "", user)
      : await confirmGatewayReturn({ gateway, query, actionType, viewer: user });
  const cards = outcome.status === "success" && outcome.registrationId ? await cardNumbersOf(outcome.registrationId) : [];
  return { outcome, cards, isFit: can(user, "trekkingHistory") };
}

// public: the card gateway POSTs its signed result from the payer's browser, possibly without our
// (SameSite) cookie; the signature authenticates it, and the payer then sees the stored outcome.
export async function action({ request, params }: ActionFunctionArgs) {
  const { regId: regIdParam, paymentType: gateway, actionType } = parseParams(params, paymentReturnParams);
  const body = new URLSearchParams(await readText(request));
  const url = new URL(request.url);
  const outcome = await confirmGatewayReturn({ gateway, query: url.searchParams, body, actionType, viewer: null });
  const txnId = body.get("req_transaction_uuid") ?? url.searchParams.get("TXNID") ?? "";
  const regId = outcome.registrationId ?? regIdParam;
  return redirect(`/new-register/${regId}/${gateway}/${actionType}?isPayment=1&regId=${regId}&TXNID=${encodeURIComponent(txnId)}&stored=1`, 303);
}

export default function PaymentResult() {
  const { outcome, cards, isFit } = useLoaderData<typeof loader>();
  const regId = outcome.registrationId;
  if (outcome.status === "success" && outcome.settle === "expired") {
    // Issue 25: the gateway took the money after the sweep closed the registration (its exit date passed).
    return (
      <section className="rounded-lg bg-white p-8 text-center shadow-sm" data-testid="payment-expired">
        <h2 className="text-2xl font-bold text-amber-700">Registration Expired</h2>
        <p className="mt-2 text-slate-700">
          Your payment was confirmed after this trek&apos;s exit date had passed, so no TIMS card was issued. The amount will be refunded.
        </p>
      </section>
    );
  }
  if (outcome.status === "success") {
    return (
      <>
        <WizardSteps current={2} />
        <section className="rounded-lg bg-white p-8 text-center shadow-sm" data-testid="payment-success">
          <h2 className="text-2xl font-bold text-green-700">Payment Successful</h2>
          <p className="mt-2 text-slate-700">Your payment has been successful. Enjoy the Trek.</p>
          <ul className="mx-auto mt-4 max-w-sm text-left text-sm" data-testid="card-numbers">
            {cards.map((c) => (
              <li key={c.trekkerId} className="flex justify-between border-b border-slate-100 py-1">
                <span>{c.fullName}</span>
                <span className="font-mono">{c.cardNumber ?? "—"}</span>
              </li>
            ))}
          </ul>
          <LinkButton to={isFit && cards[0] ? `/trekking-history/${cards[0].trekkerId}` : isFit ? "/trekking-history" : "/trekkers"} className="mt-6">
            View Trekker Details
          </LinkButton>
        </section>
      </>
    );
  }
  if (outcome.status === "pending") {
    return (
      <section className="rounded-lg bg-white p-8 text-center shadow-sm" data-testid="payment-pending">
        <h2 className="text-2xl font-bold text-amber-700">Payment Pending</h2>
        <p className="mt-2 text-slate-700">The provider has not confirmed your payment yet. Please check again in a moment.</p>
        <Link to="." reloadDocument className="mt-4 inline-block text-blue-700 underline">
          Check again
        </Link>
      </section>
    );
  }
  const declined = outcome.status === "declined";
  return (
    <>
      <WizardSteps current={2} />
      <section className="rounded-lg bg-white p-8 text-center shadow-sm" data-testid={declined ? "payment-declined" : "payment-failure"}>
        <h2 className="text-2xl font-bold text-red-700">{declined ? "Payment Declined" : "Payment Failure"}</h2>
        <p className="mt-2 text-slate-700">We aren't able to process your payment.</p>
        <details className="mx-auto mt-4 max-w-md text-left text-sm">
          <summary className="cursor-pointer font-semibold text-slate-800">Transaction Failed</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            <li>Wrong card number, expiry date or CVV.</li>
            <li>Wrong OTP.</li>
            <li>The issuing bank declined the payment: enable online transactions with your bank.</li>
            <li>Then try again.</li>
          </ul>
        </details>
        {regId ? (
          <LinkButton to={`/new-register/${regId}/payment`} className="mt-6">
            Try again
          </LinkButton>
        ) : null}
      </section>
    </>
  );
}
