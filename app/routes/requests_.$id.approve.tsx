import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "~/root";
import { data, Form, useActionData, useSearchParams } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { TextArea } from "@lib/ui/field";
import { ConfirmDialog, DEFAULT_CONFIRM_MESSAGE } from "@lib/ui/modal";
import { parseWithZod } from "@lib/zod-form.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { redirectWithToast } from "~/utils/toast.server";
import { paramId } from "@lib/param-id";
import { requirePermission } from "~/utils/guards.server";
import { publicOrigin } from "@lib/origin.server";
import { approveSchema } from "@modules/agencies/index.server";
import { decideAgency } from "@modules/agencies/index.server";
import { readForm } from "@lib/multipart.server";
import { useT } from "@lib/i18n/context";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "requests");
  return null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "requests");
  const id = paramId(params, "id");
  const submission = parseWithZod(await readForm(request), { schema: approveSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return withDomainErrors(
    async () => {
      await decideAgency({ agencyId: id, approve: true, remarks: submission.value.remarks, actor: user, origin: publicOrigin() });
      return redirectWithToast(`/requests/${id}?tab=remarks`, { type: "success", message: "Document Approved Successfully" });
    },
    { redirectTo: `/requests/${id}` },
  );
}

export default function ApproveAgency() {
  const { t } = useT();
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const errors = (actionData?.result?.error ?? {}) as Record<string, string[] | undefined>;
  return (
    <ConfirmDialog
      title={t("Approve Application")}
      message={t(DEFAULT_CONFIRM_MESSAGE)}
      cancelLabel={t("Cancel")}
      closeTo={`..?tab=${params.get("tab") ?? "background"}`}
    >
      <Form method="post" className="space-y-4">
        <TextArea label="Remarks (optional)" name="remarks" rows={3} errors={errors.remarks} />
        <Button type="submit">{t("Approve")}</Button>
      </Form>
    </ConfirmDialog>
  );
}
