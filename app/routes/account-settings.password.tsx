import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { Button, LinkButton } from "~/components/button";
import { FormErrors, TextField } from "~/components/field";
import { Modal } from "~/components/modal";
import { requirePermission } from "~/utils/guards.server";
import { commitSession, getSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { changeOwnPassword, WrongPasswordError } from "@modules/users/account.server";
import { NewPasswordField } from "@modules/users/components/password-checklist";
import { changeOwnPasswordSchema } from "@modules/users/schemas/password";

const HIDDEN = ["currentPassword", "newPassword", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const submission = parseWithZod(await request.formData(), { schema: changeOwnPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  let version: number;
  try {
    version = await changeOwnPassword(user.id, submission.value.currentPassword, submission.value.newPassword);
  } catch (error) {
    if (error instanceof WrongPasswordError) {
      return data({ result: submission.reply({ fieldErrors: { currentPassword: [error.message] }, hideFields: HIDDEN }) }, { status: 400 });
    }
    throw error;
  }
  // Every other session of the account ends; this one carries the new version and goes on.
  const session = await getSession(request);
  session.set("version", version);
  return redirectWithToast(
    "/account-settings",
    { type: "success", message: "Password Changed Successfully" },
    { headers: { "Set-Cookie": await commitSession(session) } },
  );
}

export default function ChangePassword() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeOwnPasswordSchema }),
  });
  return (
    <Modal title="Change Password" closeTo="/account-settings">
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <TextField
          label="Current Password"
          {...getInputProps(fields.currentPassword, { type: "password" })}
          autoComplete="current-password"
          errors={fields.currentPassword.errors}
        />
        <NewPasswordField field={fields.newPassword} label="New Password" />
        <TextField
          label="Confirm Password"
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          autoComplete="new-password"
          errors={fields.confirmPassword.errors}
        />
        <FormErrors errors={form.errors} />
        <div className="flex justify-end gap-2">
          <LinkButton to="/account-settings" variant="secondary" preventScrollReset>
            Cancel
          </LinkButton>
          <Button type="submit">Change Password</Button>
        </div>
      </Form>
    </Modal>
  );
}
