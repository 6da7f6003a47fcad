import type { RouteHandle } from "~/root";
import { useT } from "@lib/i18n/context";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { displayDate } from "@lib/dates";
import { PageHeader } from "@lib/ui/page-header";
import { paramId } from "@lib/param-id";
import { readForm } from "@lib/multipart.server";
import { parseWithZod } from "@lib/zod-form.server";
import { requirePermission } from "~/utils/guards.server";
import { domainErrorResponse, withDomainErrors } from "~/utils/domain-error.server";
import { requestMessages } from "~/utils/language.server";
import { redirectWithToast } from "~/utils/toast.server";
import { CASE_MESSAGES, caseDetail, caseMoveSchema, moveCase } from "@modules/overdue/index.server";
import { CaseMoveForm, CaseTimelineList, RescueSheetLinks } from "@modules/overdue/index.ui";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// A document page (ADR 0043): server-rendered HTML and the document script, no React; a rescue
// coordinator may open it on a phone in the field, and everything on it works as plain forms and links.
export const handle: RouteHandle = { title: "Overdue Case", page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

/** One escalation case (issue 29): the alert, its timeline, the moves the viewer may make, the rescue sheet's links. */
async function guard(request: Request, params: Record<string, string | undefined>) {
  const user = await requirePermission(request, "overdueCases");
  const trekkerId = paramId(params, "trekkerId");
  try {
    return { user, trekkerId, detail: await caseDetail(user, trekkerId) };
  } catch (error) {
    throw domainErrorResponse(error);
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { detail } = await guard(request, params);
  return detail;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, trekkerId } = await guard(request, params);
  const submission = parseWithZod(await readForm(request), { schema: caseMoveSchema });
  if (submission.status !== "success")
    return data({ errors: { note: submission.error?.note ?? undefined, form: submission.error?.move ?? undefined } }, { status: 400 });
  const { move, note, confirm } = submission.value;
  return withDomainErrors(
    async () => {
      await moveCase(user, trekkerId, move, note, { confirmed: confirm === "1" });
      return redirectWithToast(`/overdue-cases/${trekkerId}`, { type: "success", message: CASE_MESSAGES.moved });
    },
    // A refusal names the case's state and the move: said here, where its parts are read as texts too.
    { extra: { errors: null }, say: await requestMessages(request) },
  );
}

export default function OverdueCase() {
  const { t, lng } = useT();
  const { row, timeline, moves } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // The schema's errors under their fields; a refusal of the move above the button, or under the confirmation box.
  const refused = answer && "error" in answer ? (answer.field === "confirm" ? { confirm: [answer.error] } : { form: [answer.error] }) : null;
  const errors = answer && "errors" in answer && answer.errors ? answer.errors : refused;
  return (
    <section className="space-y-4">
      <PageHeader
        title={t("Overdue case: {{name}}", { name: row.fullName })}
        breadcrumbs={[{ label: "Overdue Cases", to: "/overdue-cases" }, { label: row.fullName }]}
      />
      <div className="rounded-lg bg-white p-4 shadow-sm">
        <p className="text-lg font-semibold" data-testid="case-state">
          {t(row.stateLabel)}
        </p>
        <p className="text-sm text-slate-700">
          {t("Card {{card}} · {{route}} · {{reason}} (since {{date}}, {{days}} days)", {
            // The card number as staff quote it (Western digits); the age in the page's language.
            card: row.cardNumber === null ? "—" : String(row.cardNumber),
            route: row.routeName,
            reason: t(row.reasonLabel),
            date: displayDate(row.dueDate, lng),
            days: row.ageDays,
          })}
        </p>
        <RescueSheetLinks trekkerId={row.trekkerId} />
      </div>
      <div className="rounded-lg bg-white p-4 shadow-sm">
        <h2 className="mb-2 font-semibold">{t("Timeline")}</h2>
        <CaseTimelineList timeline={timeline} />
      </div>
      <div className="rounded-lg bg-white p-4 shadow-sm">
        <h2 className="mb-2 font-semibold">{t("Record a move")}</h2>
        <CaseMoveForm moves={moves} errors={errors} />
      </div>
    </section>
  );
}
