import { parseWithZod } from "@lib/zod-form.server";
import { useT } from "@lib/i18n/context";
import { translateMessage } from "@lib/i18n/messages";
import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { TextArea, TextField } from "@lib/ui/field";
import { SidePanel } from "@lib/ui/side-panel";
import { displayDate } from "@lib/dates";
import { requirePermission } from "~/utils/guards.server";
import { publicOrigin } from "@lib/origin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatNrs } from "@modules/registration";
import { voucherDecisionSchema } from "@modules/payments/index.server";
import { decideVoucher, getVoucher, markVoucherRefundDue } from "@modules/payments/index.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { paramId, notFound } from "@lib/param-id";
import { readForm } from "@lib/multipart.server";
import { requestMessages } from "~/utils/language.server";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export { PanelErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

const TYPE_NAMES: Record<number, string> = { 3: "Normal", 4: "Diplomat", 5: "Child" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "requestsVouchers");
  const voucher = await getVoucher(paramId(params, "id"));
  if (!voucher) throw notFound();
  // Why approving is refused: the module's sentence, said here in the page's language.
  const say = await requestMessages(request);
  return { ...voucher, blocked: voucher.blocked ? say(voucher.blocked) : null };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "requestsVouchers");
  const id = paramId(params, "id");
  const submission = parseWithZod(await readForm(request), { schema: voucherDecisionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  // The service refuses an approval that would buy nothing (the registration is paid by another
  // payment), whatever this page showed: the refusal is shown on the panel.
  return withDomainErrors(
    async () => {
      const outcome =
        v.intent === "refund"
          ? await markVoucherRefundDue({ id, actorId: user.id })
          : await decideVoucher({
              id,
              approve: v.intent === "approve",
              refNo: v.intent === "approve" ? v.refNo : undefined,
              remarks: v.intent === "reject" ? v.remarks : undefined,
              actorId: user.id,
              origin: publicOrigin(),
            });
      if (outcome === "not-found") throw notFound();
      // A decision closes the panel (spec 2 §4): back to the list, with the filters it was opened from.
      const list = `/requests/vouchers${listSearch(request)}`;
      if (outcome === "decided") return redirectWithToast(list, { type: "warning", message: "This voucher has already been decided." });
      return redirectWithToast(list, { type: "success", message: v.intent === "refund" ? REFUND_DUE_TOAST : "Voucher updated successfully" });
    },
    { submission },
  );
}

const REFUND_DUE_TOAST = "The voucher's amount is marked refund due; the payer has been told.";

function listSearch(request: Request): string {
  const search = new URL(request.url).searchParams;
  search.delete("index");
  const text = search.toString();
  return text ? `?${text}` : "";
}

export default function VoucherPanel() {
  const translator = useT();
  const { t, lng } = translator;
  const v = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors = (actionData?.result?.error ?? {}) as Record<string, string[] | undefined>;
  const refused = actionData && "error" in actionData ? actionData.error : null;
  const fileUrl = `/requests/vouchers/${v.id}/file`;
  return (
    <SidePanel title={t("Voucher")} closeTo={`/requests/vouchers?${params}`}>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-500">{t("Invoice ID")}</dt>
          <dd>{v.invoiceId}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("Status")}</dt>
          <dd data-testid="voucher-status">{t(v.status)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("Route")}</dt>
          <dd>{v.routeName}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("Total Amount")}</dt>
          <dd>{formatNrs(v.amountPaisa)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("Entry Date")}</dt>
          <dd>{displayDate(v.entryDate, lng)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("Exit Date")}</dt>
          <dd>{displayDate(v.exitDate, lng)}</dd>
        </div>
      </dl>
      <ul className="mt-4 space-y-1 text-sm">
        {v.trekkers.map((trekker) => (
          <li key={trekker.trekkerId} className="flex justify-between border-b border-slate-100 py-1">
            <span>{trekker.fullName}</span>
            <span className="text-slate-500">{t(TYPE_NAMES[trekker.trekkerType] ?? "")}</span>
          </li>
        ))}
      </ul>
      <div className="mt-4">
        {v.fileKind === "pdf" ? (
          <a href={fileUrl} target="_blank" rel="noreferrer" className="text-blue-700 underline">
            {t("View Pdf File")}
          </a>
        ) : (
          <a href={fileUrl} target="_blank" rel="noreferrer">
            <img src={fileUrl} alt={t("Voucher")} className="max-h-80 rounded border" />
          </a>
        )}
      </div>
      {refused ? (
        <p role="alert" className="mt-6 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="voucher-refused">
          {translateMessage(translator, refused)}
        </p>
      ) : null}
      {v.status === "Pending" && v.blocked ? (
        <div className="mt-6 space-y-2 rounded border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="voucher-blocked">
          <h3 className="font-semibold">{t(v.paidBy ? "Registration already paid" : "Registration changed")}</h3>
          <p>{v.blocked}</p>
          {v.paidBy ? (
            <p>
              {t("Paid by {{method}} on {{date}}, receipt", { method: v.paidBy.method, date: displayDate(v.paidBy.paidAt, lng) })}{" "}
              <Link to={`/billing/${v.paidBy.billId}`} className="font-medium underline">
                {v.paidBy.invoiceNumber}
              </Link>
              .
            </p>
          ) : null}
        </div>
      ) : null}
      {v.status === "Pending" ? (
        <div className="mt-6 grid gap-6">
          {v.blocked ? (
            <Form method="post" className="space-y-3 rounded border border-slate-200 p-4">
              <h3 className="font-semibold">{t("Mark Refund Due")}</h3>
              <input type="hidden" name="intent" value="refund" />
              <p className="text-sm text-slate-700">
                {t(
                  "The deposit is genuine but bought nothing: record {{amount}} as owed back to the payer. The payer is e-mailed, and the refund is then marked paid on the Refunds page.",
                  { amount: formatNrs(v.amountPaisa) },
                )}
              </p>
              <Button type="submit">{t("Mark refund due")}</Button>
            </Form>
          ) : (
            <Form method="post" className="space-y-3 rounded border border-slate-200 p-4">
              <h3 className="font-semibold">{t("Approve Voucher")}</h3>
              <input type="hidden" name="intent" value="approve" />
              <TextField label="Voucher Ref No" name="refNo" />
              <Button type="submit">{t("Approve")}</Button>
            </Form>
          )}
          <Form method="post" className="space-y-3 rounded border border-slate-200 p-4">
            <h3 className="font-semibold">{t("Reject Voucher")}</h3>
            <input type="hidden" name="intent" value="reject" />
            <TextArea label="Remarks" name="remarks" rows={3} required errors={errors.remarks} />
            <Button type="submit" variant="danger">
              {t("Reject")}
            </Button>
          </Form>
        </div>
      ) : (
        <p className="mt-6 text-sm text-slate-600" data-testid="voucher-decision">
          {v.refund
            ? v.refund.status === "refunded"
              ? t("Refunded on {{date}} by {{name}}, reference {{reference}} ({{reason}}).", {
                  date: displayDate(v.refund.refundedAt, lng),
                  name: v.refund.refundedBy ?? "",
                  reference: v.refund.reference ?? "",
                  reason: t(v.refund.reason),
                })
              : t("Refund due: {{reason}}. Mark it refunded on the Refunds page once paid back.", { reason: t(v.refund.reason) })
            : v.status === "Approved"
              ? v.refNo
                ? t("Approved (Ref {{refNo}}).", { refNo: v.refNo })
                : t("Approved.")
              : t("Rejected: {{remarks}}", { remarks: v.remarks ?? "" })}
        </p>
      )}
    </SidePanel>
  );
}
