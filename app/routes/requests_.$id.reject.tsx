import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import type { RouteHandle } from "~/root";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, useActionData, useSearchParams } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { TextArea } from "@lib/ui/field";
import { Modal } from "@lib/ui/modal";
import { requirePermission } from "~/utils/guards.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { redirectWithToast } from "~/utils/toast.server";
import { paramId } from "@lib/param-id";
import { rejectSchema } from "@modules/agencies/index.server";
import { decideAgency } from "@modules/agencies/index.server";
import { publicOrigin } from "@lib/origin.server";
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
  const submission = parseWithZod(await readForm(request), { schema: rejectSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return withDomainErrors(
    async () => {
      await decideAgency({ agencyId: id, approve: false, remarks: submission.value.remarks, actor: user, origin: publicOrigin() });
      return redirectWithToast(`/requests/${id}?tab=remarks`, { type: "success", message: "Document Rejected Successfully" });
    },
    { redirectTo: `/requests/${id}` },
  );
}

export default function RejectAgency() {
  const { t } = useT();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const closeTo = `..?tab=${params.get("tab") ?? "background"}`;
  const [form, fields] = useForm({
    id: "reject-agency",
    lastResult: actionData?.result,
  });
  return (
    <Modal title={t("Application Rejection")} closeTo={closeTo}>
      <Form method="post" className="space-y-4" {...getFormProps(form)} data-check="agencies.rejectSchema">
        <TextArea label="Remarks" {...getTextareaProps(fields.remarks)} errors={fields.remarks.errors} rows={4} required />
        <Button type="submit" variant="danger">
          {t("Reject")}
        </Button>
      </Form>
    </Modal>
  );
}
