import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { Button, LinkButton } from "~/components/button";
import { FormErrors, TextField } from "~/components/field";
import { Modal } from "~/components/modal";
import { requirePermission } from "~/utils/guards.server";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requestEmailChange, SameEmailError } from "@modules/users/email-change.server";
import { changeEmailSchema } from "@modules/users/schemas/account";
import { DuplicateEmailError } from "@modules/users/service.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const submission = parseWithZod(await request.formData(), { schema: changeEmailSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await requestEmailChange(user.id, submission.value.email, publicOrigin(request));
  } catch (error) {
    if (error instanceof SameEmailError || error instanceof DuplicateEmailError) {
      return data({ result: submission.reply({ fieldErrors: { email: [error.message] } }) }, { status: 400 });
    }
    throw error;
  }
  return redirectWithToast("/account-settings", {
    type: "info",
    message: `We have sent a confirmation link to ${submission.value.email}. Your email changes when you follow it.`,
  });
}

export default function ChangeEmailAddress() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "change-email",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
  });
  return (
    <Modal title="Change E-mail Address" closeTo="/account-settings">
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <p className="text-sm text-gray-600">We will send a link to the new address. Your e-mail changes once you follow it.</p>
        <TextField label="New Email" {...getInputProps(fields.email, { type: "email" })} autoComplete="email" errors={fields.email.errors} />
        <TextField label="Confirm Email" {...getInputProps(fields.confirmEmail, { type: "email" })} autoComplete="email" errors={fields.confirmEmail.errors} />
        <FormErrors errors={form.errors} />
        <div className="flex justify-end gap-2">
          <LinkButton to="/account-settings" variant="secondary" preventScrollReset>
            Cancel
          </LinkButton>
          <Button type="submit">Send Link</Button>
        </div>
      </Form>
    </Modal>
  );
}
