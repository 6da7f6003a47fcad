import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import type { RouteHandle } from "~/root";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors, TextArea } from "@lib/ui/field";
import { Modal } from "@lib/ui/modal";
import { redirectWithToast } from "~/utils/toast.server";
import { disableUser } from "@modules/users/index.server";
import { ModalActions } from "@modules/users/index.ui";
import { requireOtherUserTarget } from "../utils/user-target.server";
import { disableUserSchema } from "@modules/users/index.server";
import { readForm } from "@lib/multipart.server";
import { useT } from "@lib/i18n/context";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";
export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

// requireOtherUserTarget refuses one's own account with 403, even for a hand-made POST.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { target, base } = await requireOtherUserTarget(request, params, "manageUsers");
  return { base, fullName: target.fullName };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, target, base } = await requireOtherUserTarget(request, params, "manageUsers");
  const submission = parseWithZod(await readForm(request), { schema: disableUserSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await disableUser(viewer.id, target.id, submission.value.remarks);
  return redirectWithToast(base, { type: "success", message: "User Disabled Successfully" });
}

export default function DisableUser() {
  const { t } = useT();
  const { base, fullName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "disable-user",
    lastResult: actionData?.result,
  });
  return (
    <Modal title={t("Disable User")} closeTo={base}>
      <Form method="post" className="space-y-4" {...getFormProps(form)} data-check="users.disableUserSchema">
        <p className="text-sm text-gray-700">{t("{{name}} will be signed out and can no longer sign in until enabled again.", { name: fullName })}</p>
        <TextArea label="Reason" {...getTextareaProps(fields.remarks)} rows={3} errors={fields.remarks.errors} />
        <FormErrors errors={form.errors} />
        <ModalActions closeTo={base} submitLabel="Disable" variant="danger" />
      </Form>
    </Modal>
  );
}
