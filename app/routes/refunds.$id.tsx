import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useT } from "@lib/i18n/context";
import type { RouteHandle } from "~/root";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Button, LinkButton } from "@lib/ui/button";
import { FormErrors, TextField } from "@lib/ui/field";
import { Modal } from "@lib/ui/modal";
import { displayDate } from "@lib/dates";
import { paramId, notFound } from "@lib/param-id";
import { readForm } from "@lib/multipart.server";
import { requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { formatNrs } from "@modules/registration";
import { markRefundedSchema } from "@modules/payments/index.server";
import { getRefund, markRefunded } from "@modules/payments/index.server";
import { pageTexts } from "~/utils/language.server";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";
export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

/** Back to the list it was opened from, with its status tab and page. */
function listUrl(request: Request): string {
  const search = new URL(request.url).searchParams;
  search.delete("index");
  const text = search.toString();
  return `/refunds${text ? `?${text}` : ""}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "refunds");
  const refund = await getRefund(paramId(params, "id"));
  if (!refund) throw notFound();
  return { ...refund, texts: await pageTexts(request, ["staff", "money"]) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "refunds");
  const id = paramId(params, "id");
  const submission = parseWithZod(await readForm(request), { schema: markRefundedSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return withDomainErrors(
    async () => {
      await markRefunded({ id, reference: submission.value.reference, actorId: user.id });
      return redirectWithToast(listUrl(request), { type: "success", message: "The payment is marked refunded." });
    },
    { submission },
  );
}

/** The confirmation: what is being paid back, the refund's reference, and the one button. */
export default function MarkRefunded() {
  const { t, lng } = useT();
  const refund = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const closeTo = `/refunds${params.size ? `?${params}` : ""}`;
  const [form, fields] = useForm({
    id: "mark-refunded",
    lastResult: actionData?.result,
  });
  return (
    <Modal title={t("Mark refunded")} closeTo={closeTo}>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-500">{t("Payer")}</dt>
          <dd>{refund.payer}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("Registration")}</dt>
          <dd>
            #{refund.registrationId} {refund.routeName}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("Amount")}</dt>
          <dd data-testid="refund-amount">{formatNrs(refund.amountPaisa)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("Gateway")}</dt>
          <dd>{refund.gateway}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-500">{t("Reason")}</dt>
          <dd>{t(refund.reason)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("Due since")}</dt>
          <dd>{displayDate(refund.dueSince, lng)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("Status")}</dt>
          <dd data-testid="refund-status">{t(refund.statusLabel)}</dd>
        </div>
      </dl>
      {refund.status === "due" ? (
        <Form method="post" {...getFormProps(form)} data-check="payments.markRefundedSchema" className="mt-5 space-y-4">
          <p className="text-sm text-slate-700">
            {t("Are you sure {{amount}} has been paid back to {{name}}? This cannot be undone.", { amount: formatNrs(refund.amountPaisa), name: refund.payer })}
          </p>
          <TextField
            label="Refund Reference"
            hint="The gateway's refund id or the bank's transfer reference."
            {...getInputProps(fields.reference, { type: "text" })}
            errors={fields.reference.errors}
          />
          <FormErrors errors={form.errors} />
          <div className="flex flex-wrap justify-end gap-2">
            <LinkButton to={closeTo} preventScrollReset variant="secondary">
              {t("Cancel")}
            </LinkButton>
            <Button type="submit" disabled={busy}>
              {t("Mark refunded")}
            </Button>
          </div>
        </Form>
      ) : (
        <>
          {/* A stale page's marking is refused, and the revalidated loader then shows the payment
              refunded: the refusal must stay on screen, so it is shown here too. */}
          <FormErrors className="mt-5" errors={actionData && "error" in actionData && actionData.error ? [actionData.error] : undefined} />
          <p className="mt-5 text-sm text-slate-700">
            {t("Refunded")}
            {refund.refundedAt ? t(" on {{date}}", { date: displayDate(refund.refundedAt, lng) }) : ""}
            {refund.refundedBy ? t(" by {{name}}", { name: refund.refundedBy }) : ""}
            {t(", reference {{reference}}.", { reference: refund.reference ?? "" })}
          </p>
        </>
      )}
    </Modal>
  );
}
