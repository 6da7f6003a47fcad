import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors, TextField } from "~/components/field";
import { Modal } from "~/components/modal";
import { redirectWithToast } from "~/utils/toast.server";
import { adminSetPassword } from "@modules/users/admin.server";
import { ModalActions } from "@modules/users/components/modal-actions";
import { NewPasswordField } from "@modules/users/components/password-checklist";
import { requireOtherUserTarget } from "@modules/users/route-guards.server";
import { setPasswordSchema } from "@modules/users/schemas/password";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { base } = await requireOtherUserTarget(request, params, "accountChangeButtons");
  return { base };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, target, base } = await requireOtherUserTarget(request, params, "accountChangeButtons");
  const submission = parseWithZod(await request.formData(), { schema: setPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  await adminSetPassword(viewer.id, target.id, submission.value.password);
  return redirectWithToast(base, { type: "success", message: "Password Changed Successfully" });
}

/** The board sets a new password; the user's sessions end with it. */
export default function ChangeUserPassword() {
  const { base } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "user-password",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setPasswordSchema }),
  });
  return (
    <Modal title="Change Password" closeTo={base}>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <NewPasswordField field={fields.password} label="New Password" />
        <TextField label="Confirm Password" {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" errors={fields.confirmPassword.errors} />
        <FormErrors errors={form.errors} />
        <ModalActions closeTo={base} submitLabel="Change Password" />
      </Form>
    </Modal>
  );
}
