import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/button";
import { FormErrors, TextField } from "~/components/field";
import { PageHeader } from "~/components/page-header";
import { requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { changePasswordByUsername, SelfActionError, UnknownUsernameError } from "@modules/users/admin.server";
import { NewPasswordField } from "@modules/users/components/password-checklist";
import { changeUserPasswordSchema } from "@modules/users/schemas/password";

export const handle = { title: "Change User Password" };

const HIDDEN = ["password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "changeUserPassword");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePermission(request, "changeUserPassword");
  const submission = parseWithZod(await request.formData(), { schema: changeUserPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  try {
    await changePasswordByUsername(actor.id, submission.value.username, submission.value.password);
  } catch (error) {
    const message =
      error instanceof UnknownUsernameError
        ? error.message
        : error instanceof SelfActionError
          ? "Change your own password in Account Settings."
          : null;
    if (!message) throw error;
    return data({ result: submission.reply({ fieldErrors: { username: [message] }, hideFields: HIDDEN }) }, { status: 400 });
  }
  return redirectWithToast("/change-user-password", { type: "success", message: "Password changed successfully" });
}

/** Sets another account's password by username (a grantable permission: docs/decisions.md). */
export default function ChangeUserPassword() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "change-user-password",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeUserPasswordSchema }),
  });
  return (
    <section className="max-w-lg">
      <PageHeader title="Change User Password" />
      <Form method="post" className="space-y-4 rounded-lg border border-gray-200 bg-white p-5" {...getFormProps(form)}>
        <TextField
          label="Username"
          {...getInputProps(fields.username, { type: "email" })}
          autoComplete="off"
          hint="The e-mail address the user signs in with."
          errors={fields.username.errors}
        />
        <NewPasswordField field={fields.password} label="New Password" />
        <TextField label="Confirm Password" {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" errors={fields.confirmPassword.errors} />
        <FormErrors errors={form.errors} />
        <Button type="submit" disabled={busy}>
          Change Password
        </Button>
      </Form>
    </section>
  );
}
