import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "@lib/ui/use-hydrated";
import { Button } from "@lib/ui/button";
import { FileField } from "@lib/ui/file-field";
import { VOUCHER_RULE } from "@lib/files/upload-rules";
import { FormErrors } from "@lib/ui/field";
import { Tabs } from "@lib/ui/tabs";
import { formatNrs } from "@modules/registration";
import { PastTrekNotice, WizardSteps } from "@modules/registration/index.ui";
import { GatewayForm, OnlineMethodButtons } from "~/components/payments/gateway-form";
import { QrPaymentPanel, type QrPanelData } from "~/components/payments/qr-payment";
import { paramId, notFound } from "@lib/param-id";
import { displayDateTime } from "@lib/dates";
import { GATEWAY_UNAVAILABLE, ONLINE_METHODS, PAYMENT_TABS, resultPageUrl, type PaymentTab } from "@modules/payments";
import { useT } from "@lib/i18n/context";
import {
  BodyTooLargeError,
  GATEWAY_LABELS,
  canEditRegistration,
  canPay,
  confirmGatewayReturn,
  editDatesHref,
  gatewayAvailable,
  getRegistration,
  pageTexts,
  parseWithZod,
  paymentStepSchema,
  publicOrigin,
  qrImageDataUrl,
  qrPayment,
  readMultipart,
  redirectWithToast,
  requirePermission,
  startGatewayPayment,
  trekDatesRefusal,
  uploadVoucher,
  withDomainErrors,
} from "~/utils/payment-page.server";
import { richText } from "@lib/i18n/rich";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Register Trek" };

async function load(request: Request, params: LoaderFunctionArgs["params"]) {
  const user = await requirePermission(request, "registerTrek");
  const registration = await getRegistration(paramId(params, "regId"), user);
  // Only the payer's own registrations: anyone else's looks missing.
  if (!registration || registration.userId !== user.id) throw notFound();
  return { user, registration };
}

/** Where a settled payment's result is shown (the fonepay return route reads the stored outcome). */
function qrResultUrl(regId: number, txnId: string, status: "success" | "failure" | "declined" | "refund-due") {
  return resultPageUrl({ regId, gateway: "fonepay", status, txnId });
}

/** ?tab=qr&txn=<PRN>: the QR the payer started is shown again (until it expires) after a reload or a check. */
async function qrPanel(url: URL, registrationId: number, user: { id: number }): Promise<QrPanelData | null> {
  const txn = url.searchParams.get("txn");
  if (url.searchParams.get("tab") !== "qr" || !txn) return null;
  const qr = await qrPayment(txn.slice(0, 40), registrationId, user);
  if (!qr) return null;
  if (qr.status !== "pending") throw redirect(qrResultUrl(registrationId, qr.prn, qr.status));
  const image = await qrImageDataUrl(qr.qrText);
  return { prn: qr.prn, image, expiresAt: qr.expiresAt, expiresText: displayDateTime(qr.expiresAt), expired: qr.expired };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, registration } = await load(request, params);
  const available = Object.fromEntries(ONLINE_METHODS.map((m) => [m.id, gatewayAvailable(m.id)]));
  const payable = canPay(user, registration);
  // A trek whose entry date has passed is not paid (issue 25); its dates can be changed on the review page.
  const pastTrek = payable ? trekDatesRefusal(registration) : null;
  // A QR started before (a reload after midnight) still leads to its result once settled, but is no longer shown to pay.
  const qr = payable ? await qrPanel(new URL(request.url), registration.id, user) : null;
  return {
    registration,
    payable,
    pastTrek,
    editDatesHref: canEditRegistration(user, registration) ? editDatesHref(registration.id) : null,
    available,
    qr: pastTrek ? null : qr,
    texts: await pageTexts(request, ["wizard", "payment", "card"]),
  };
}

// The QR page's own status checks (poll=1) change nothing on the page while unpaid: no reload of its data.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("poll") === "1" ? false : defaultShouldRevalidate;

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, registration } = await load(request, params);
  let form: FormData;
  try {
    form = await readMultipart(request, 3 * 1024 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return data({ error: "The file size should not be more than 2MB.", gateway: null, qr: null }, { status: 413 });
    throw error;
  }
  const submission = parseWithZod(form, { schema: paymentStepSchema });
  if (submission.status !== "success") {
    return data({ error: "Choose a payment method.", gateway: null, qr: null }, { status: 400 });
  }
  const input = submission.value;
  const back = `/new-register/${registration.id}/payment`;
  return withDomainErrors(
    async () => {
      if (input.intent === "voucher") {
        await uploadVoucher(registration.id, user, form.get("voucher"));
        return redirectWithToast(`${back}?tab=voucher`, { type: "success", message: "Voucher uploaded. It will be verified within 1 or 2 business days." });
      }
      if (input.intent === "qr-status") {
        const outcome = await confirmGatewayReturn({
          gateway: "fonepay",
          query: new URLSearchParams(),
          actionType: "success",
          viewer: user,
          mode: "qr",
          txnId: input.txnId,
        });
        if (outcome.status === "pending") {
          if (input.poll) return data({ error: null, gateway: null, qr: null, qrPending: true });
          // The same QR comes back with the page (kept until it expires).
          return redirectWithToast(`${back}?tab=qr&txn=${encodeURIComponent(input.txnId)}`, {
            type: "info",
            message: "The payment has not arrived yet. Please try again in a moment.",
          });
        }
        throw redirect(qrResultUrl(registration.id, input.txnId, outcome.status));
      }
      const mode = input.intent === "qr" ? "qr" : "web";
      const started = await startGatewayPayment({ registrationId: registration.id, viewer: user, gateway: input.gateway, origin: publicOrigin(), mode });
      if (started.kind === "redirect") throw redirect(started.url);
      // The QR lives at its own URL, so a reload or a "Check again" shows it again.
      if (started.kind === "qr") throw redirect(`${back}?tab=qr&txn=${encodeURIComponent(started.prn)}`);
      return data({ error: null, gateway: { ...started, provider: GATEWAY_LABELS[input.gateway] }, qr: null });
    },
    { extra: { gateway: null, qr: null } },
  );
}

export default function Payment() {
  const { registration, payable, pastTrek, editDatesHref, available, qr } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const tab: PaymentTab = PAYMENT_TABS.some((t) => t.id === params.get("tab")) ? (params.get("tab") as PaymentTab) : "online";
  const busy = navigation.state === "submitting";
  const translator = useT();
  const { t } = translator;
  return (
    <>
      <WizardSteps current={2} />
      <section className="space-y-4 rounded-lg bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-800">{t("Payment")}</h2>
        <p className="text-lg">
          {richText(translator, "Total: {{amount}}", { amount: <strong data-testid="total">{formatNrs(registration.totalPaisa)}</strong> })}{" "}
          <span className="text-sm text-slate-500">{t("(including VAT) for {{count}} trekker(s)", { count: registration.trekkers.length })}</span>
        </p>
        {/* The note is about paying again: once nothing is payable (a voucher waits, or it is paid), it would mislead. */}
        {payable ? <p className="rounded bg-amber-50 p-3 text-sm text-amber-900">{t("Please wait 10-15 minutes between payments.")}</p> : null}
        {!payable && registration.status === "Pending" ? (
          // A voucher is waiting for the board (spec 1 §2.7: verified within 1 or 2 business days).
          <p className="text-slate-600" data-testid="voucher-pending">
            {t("Your voucher has been received. It will be verified within 1 or 2 business days.")}
          </p>
        ) : !payable ? (
          <p className="text-slate-600" data-testid="not-payable">
            {t("This registration is {{status}}; there is nothing to pay.", { status: t(registration.status) })}
          </p>
        ) : pastTrek ? (
          <PastTrekNotice message={pastTrek} editHref={editDatesHref} />
        ) : actionData?.gateway ? (
          <GatewayForm {...actionData.gateway} />
        ) : (
          <>
            <Tabs label={t("Payment options")} tabs={PAYMENT_TABS.map((p) => ({ label: t(p.label), to: `?tab=${p.id}`, active: p.id === tab }))} />
            {/* The voucher's refusal is its file field's error (VoucherForm); the others are the page's. */}
            <FormErrors errors={actionData?.error && tab !== "voucher" ? [actionData.error] : []} />
            {tab === "online" ? <OnlineMethodButtons available={available} busy={busy} /> : null}
            {tab === "qr" ? (
              qr ? (
                <QrPaymentPanel key={qr.prn} qr={qr} busy={busy} />
              ) : available.fonepay ? (
                <Form method="post" encType="multipart/form-data">
                  <input type="hidden" name="intent" value="qr" />
                  <input type="hidden" name="gateway" value="fonepay" />
                  <Button type="submit" disabled={busy}>
                    {t("Show QR code")}
                  </Button>
                </Form>
              ) : (
                <div className="flex flex-col items-start gap-1">
                  <Button type="button" disabled aria-describedby="unavailable-qr">
                    {t("Show QR code")}
                  </Button>
                  <p id="unavailable-qr" className="text-xs text-slate-600">
                    {t(GATEWAY_UNAVAILABLE)}
                  </p>
                </div>
              )
            ) : null}
            {tab === "voucher" ? <VoucherForm pending={registration.status === "Pending"} error={actionData?.error ?? null} /> : null}
          </>
        )}
        <Link to={`/new-register/${registration.id}`} className="inline-block text-sm text-blue-700 underline">
          {t("Back to the review")}
        </Link>
      </section>
    </>
  );
}

function VoucherForm({ pending, error }: { pending: boolean; error: string | null }) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState(false);
  const { t } = useT();
  if (pending) return <p data-testid="voucher-pending">{t("Your voucher has been received. It will be verified within 1 or 2 business days.")}</p>;
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3">
      <input type="hidden" name="intent" value="voucher" />
      <p className="text-sm text-slate-600">{t("Deposit the total at the bank, then upload a photo or PDF of the deposit voucher (payment method 5).")}</p>
      <FileField
        label="Voucher"
        name="voucher"
        accept=".jpg,.jpeg,.png,.pdf"
        required
        hint="jpg, png or pdf, up to 2 MB"
        rule={VOUCHER_RULE}
        errors={error ? [error] : undefined}
        onChange={(e) => setChosen(Boolean(e.currentTarget.files?.length))}
      />
      {/* Spec 1 §5: the submit button appears once a file is chosen (always shown without JS). */}
      {!hydrated || chosen ? <Button type="submit">{t("Submit Voucher")}</Button> : null}
    </Form>
  );
}
