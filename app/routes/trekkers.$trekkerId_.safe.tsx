import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "~/root";
import { data, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Modal } from "@lib/ui/modal";
import { paramId } from "@lib/param-id";
import { readForm } from "@lib/multipart.server";
import { parseWithZod } from "@lib/zod-form.server";
import { requireUser } from "~/utils/guards.server";
import { domainErrorResponse, withDomainErrors } from "~/utils/domain-error.server";
import { redirectWithToast } from "~/utils/toast.server";
import { SAFE_MESSAGES, markSafe, markSafeSchema, overdueForMarking } from "@modules/overdue/index.server";
import { MarkSafeForm } from "@modules/overdue/index.ui";
import { useT } from "@lib/i18n/context";
import { requestTranslator } from "~/utils/language.server";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

/**
 * Mark an overdue trekker safe (issue 18 item 4): a confirmation over the trekker list with a
 * required note; the board for any trekker, an agency for its own. Back to the list with its
 * filters after.
 */
async function guard(request: Request, params: Record<string, string | undefined>) {
  const user = await requireUser(request);
  const trekkerId = paramId(params, "trekkerId");
  try {
    return { user, overdue: await overdueForMarking(user, trekkerId) };
  } catch (error) {
    throw domainErrorResponse(error);
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return (await guard(request, params)).overdue;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, overdue } = await guard(request, params);
  const submission = parseWithZod(await readForm(request), { schema: markSafeSchema });
  if (submission.status !== "success") return data({ errors: { note: submission.error?.note ?? undefined, form: undefined } }, { status: 400 });
  const { note } = submission.value;
  return withDomainErrors(
    async () => {
      await markSafe(user, overdue.trekkerId, note);
      // Said here: the list's browser has the staff texts, not this dialog's (ADR 0047).
      const { t } = await requestTranslator(request);
      return redirectWithToast(`/trekkers${new URL(request.url).search}`, { type: "success", message: t(SAFE_MESSAGES.done) });
    },
    { extra: { errors: null } },
  );
}

export default function MarkTrekkerSafe() {
  const overdue = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { search } = useLocation();
  const { t } = useT();
  const errors = answer && "error" in answer ? { form: [answer.error] } : answer && "errors" in answer ? answer.errors : null;
  return (
    <Modal title={t("Mark Trekker Safe")} closeTo={`/trekkers${search}`}>
      <MarkSafeForm overdue={overdue} errors={errors} backTo={`/trekkers${search}`} />
    </Modal>
  );
}
