import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { RouteHandle } from "~/root";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors, TextField } from "@lib/ui/field";
import { Modal } from "@lib/ui/modal";
import { redirectWithToast } from "~/utils/toast.server";
import { adminChangeEmail } from "@modules/users/index.server";
import { ModalActions } from "@modules/users/index.ui";
import { requireOtherUserTarget } from "../utils/user-target.server";
import { changeEmailSchema } from "@modules/users/index.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { readForm } from "@lib/multipart.server";
import { useT } from "@lib/i18n/context";
import { richText } from "@lib/i18n/rich";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";
export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { target, base } = await requireOtherUserTarget(request, params, "accountChangeButtons");
  return { base, email: target.email };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, target, base } = await requireOtherUserTarget(request, params, "accountChangeButtons");
  const submission = parseWithZod(await readForm(request), { schema: changeEmailSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return withDomainErrors(
    async () => {
      await adminChangeEmail(viewer.id, target.id, submission.value.email);
      return redirectWithToast(base, { type: "success", message: "Email successfully updated" });
    },
    { submission },
  );
}

/** The board changes another account's address directly (docs/decisions.md, "Accounts"). */
export default function ChangeUserEmail() {
  const translator = useT();
  const { base, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "user-email",
    lastResult: actionData?.result,
  });
  return (
    <Modal title={translator.t("Change E-mail Address")} closeTo={base}>
      <Form method="post" className="space-y-4" {...getFormProps(form)} data-check="users.changeEmailSchema">
        <p className="text-sm text-gray-600">{richText(translator, "Current address: {{email}}", { email: <strong className="break-all">{email}</strong> })}</p>
        <TextField label="New Email" {...getInputProps(fields.email, { type: "email" })} autoComplete="off" errors={fields.email.errors} />
        <TextField label="Confirm Email" {...getInputProps(fields.confirmEmail, { type: "email" })} autoComplete="off" errors={fields.confirmEmail.errors} />
        <FormErrors errors={form.errors} />
        <ModalActions closeTo={base} submitLabel="Save" />
      </Form>
    </Modal>
  );
}
