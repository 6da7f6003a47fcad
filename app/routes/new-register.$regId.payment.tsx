import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import QRCode from "qrcode";
import { useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { Button } from "~/components/button";
import { FileField, FormErrors } from "~/components/field";
import { Tabs } from "~/components/tabs";
import { requirePermission } from "~/utils/guards.server";
import { BodyTooLargeError, readMultipart } from "~/utils/multipart.server";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatNrs } from "@modules/registration/fees";
import { WizardSteps } from "@modules/registration/components/wizard-steps";
import { canPay } from "@modules/registration/policy";
import { getRegistration } from "@modules/registration/service.server";
import { GatewayForm } from "@modules/payments/components/gateway-form";
import { confirmGatewayReturn, PaymentRefused, startGatewayPayment } from "@modules/payments/gateway-payments.server";
import { isGatewayId } from "@modules/payments/gateways/index.server";
import { GATEWAY_LABELS, ONLINE_METHODS, PAYMENT_TABS, type PaymentTab } from "@modules/payments/methods";
import { uploadVoucher } from "@modules/payments/vouchers.server";

export const handle = { title: "Register Trek" };

async function load(request: Request, regIdRaw: string | undefined) {
  const user = await requirePermission(request, "registerTrek");
  const registration = await getRegistration(Number(regIdRaw), user);
  // Only the payer's own registrations: anyone else's looks missing.
  if (!registration || registration.userId !== user.id) throw new Response("Not Found", { status: 404 });
  return { user, registration };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, registration } = await load(request, params.regId);
  return { registration, payable: canPay(user, registration) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, registration } = await load(request, params.regId);
  let form: FormData;
  try {
    form = await readMultipart(request, 3 * 1024 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return data({ error: "The file size should not be more than 2MB.", gateway: null, qr: null }, { status: 413 });
    throw error;
  }
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "voucher") {
      const result = await uploadVoucher(registration.id, user, form.get("voucher"));
      if (!result.ok) return data({ error: result.message, gateway: null, qr: null }, { status: 400 });
      return redirectWithToast(`/new-register/${registration.id}/payment?tab=voucher`, {
        type: "success",
        message: "Voucher uploaded. It will be verified within 1 or 2 business days.",
      });
    }
    if (intent === "qr-status") {
      const txnId = String(form.get("txnId") ?? "");
      const outcome = await confirmGatewayReturn({ gateway: "fonepay", query: new URLSearchParams(), actionType: "success", viewer: user, mode: "qr", txnId });
      if (outcome.status === "pending") {
        return redirectWithToast(`/new-register/${registration.id}/payment?tab=qr`, { type: "info", message: "The payment has not arrived yet. Please try again in a moment." });
      }
      throw redirect(`/new-register/${registration.id}/fonepay/${outcome.status === "success" ? "success" : outcome.status === "declined" ? "decline" : "failure"}?isPayment=1&regId=${registration.id}&TXNID=${encodeURIComponent(txnId)}&stored=1`);
    }
    const gateway = String(form.get("gateway") ?? "");
    const mode = intent === "qr" ? "qr" : "web";
    if (!isGatewayId(gateway) || (mode === "qr" && gateway !== "fonepay")) return data({ error: "Choose a payment method.", gateway: null, qr: null }, { status: 400 });
    const started = await startGatewayPayment({ registrationId: registration.id, viewer: user, gateway, origin: publicOrigin(request), mode });
    if (started.kind === "redirect") throw redirect(started.url);
    if (started.kind === "qr") {
      const image = await QRCode.toDataURL(started.qrText, { margin: 1, width: 240 });
      return data({ error: null, gateway: null, qr: { image, prn: started.prn } });
    }
    return data({ error: null, gateway: { ...started, provider: GATEWAY_LABELS[gateway] }, qr: null });
  } catch (error) {
    if (error instanceof PaymentRefused) return data({ error: error.message, gateway: null, qr: null }, { status: 409 });
    throw error;
  }
}

export default function Payment() {
  const { registration, payable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const tab: PaymentTab = PAYMENT_TABS.some((t) => t.id === params.get("tab")) ? (params.get("tab") as PaymentTab) : "online";
  const busy = navigation.state === "submitting";
  return (
    <>
      <WizardSteps current={2} />
      <section className="space-y-4 rounded-lg bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-800">Payment</h2>
        <p className="text-lg">
          Total: <strong data-testid="total">{formatNrs(registration.totalPaisa)}</strong>{" "}
          <span className="text-sm text-slate-500">(including VAT) for {registration.trekkers.length} trekker(s)</span>
        </p>
        <p className="rounded bg-amber-50 p-3 text-sm text-amber-900">Please wait 10-15 minutes between payments.</p>
        {!payable ? (
          <p className="text-slate-600" data-testid="not-payable">
            This registration is {registration.status}; there is nothing to pay.
          </p>
        ) : actionData?.gateway ? (
          <GatewayForm {...actionData.gateway} />
        ) : (
          <>
            <Tabs label="Payment options" tabs={PAYMENT_TABS.map((t) => ({ label: t.label, to: `?tab=${t.id}`, active: t.id === tab }))} />
            <FormErrors errors={actionData?.error ? [actionData.error] : []} />
            {tab === "online" ? (
              <Form method="post" encType="multipart/form-data" className="grid gap-3 sm:grid-cols-3">
                <input type="hidden" name="intent" value="pay" />
                {ONLINE_METHODS.map((m) => (
                  <Button key={m.id} type="submit" name="gateway" value={m.id} variant="secondary" disabled={busy}>
                    Pay with {m.label}
                  </Button>
                ))}
              </Form>
            ) : null}
            {tab === "qr" ? (
              actionData?.qr ? (
                <div className="space-y-3">
                  <img src={actionData.qr.image} alt="NEPALPAY QR code" className="h-60 w-60" data-testid="payment-qr" />
                  <p className="text-sm text-slate-600">
                    Scan with any NEPALPAY mobile banking app. Reference <span data-testid="qr-prn">{actionData.qr.prn}</span>
                  </p>
                  <Form method="post" encType="multipart/form-data">
                    <input type="hidden" name="intent" value="qr-status" />
                    <input type="hidden" name="txnId" value={actionData.qr.prn} />
                    <Button type="submit">I have paid</Button>
                  </Form>
                </div>
              ) : (
                <Form method="post" encType="multipart/form-data">
                  <input type="hidden" name="intent" value="qr" />
                  <input type="hidden" name="gateway" value="fonepay" />
                  <Button type="submit" disabled={busy}>
                    Show QR code
                  </Button>
                </Form>
              )
            ) : null}
            {tab === "voucher" ? <VoucherForm pending={registration.status === "Pending"} /> : null}
          </>
        )}
        <Link to={`/new-register/${registration.id}`} className="inline-block text-sm text-blue-700 underline">
          Back to the review
        </Link>
      </section>
    </>
  );
}

function VoucherForm({ pending }: { pending: boolean }) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState(false);
  if (pending) return <p data-testid="voucher-pending">Your voucher has been received. It will be verified within 1 or 2 business days.</p>;
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3">
      <input type="hidden" name="intent" value="voucher" />
      <p className="text-sm text-slate-600">Deposit the total at the bank, then upload a photo or PDF of the deposit voucher (payment method 5).</p>
      <FileField label="Voucher" name="voucher" accept=".jpg,.jpeg,.png,.pdf" required hint="jpg, png or pdf, up to 2 MB" onChange={(e) => setChosen(Boolean(e.currentTarget.files?.length))} />
      {/* Spec 1 §5: the submit button appears once a file is chosen (always shown without JS). */}
      {!hydrated || chosen ? <Button type="submit">Submit Voucher</Button> : null}
    </Form>
  );
}
