import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button, LinkButton } from "~/components/button";
import { FormErrors, TextField } from "~/components/field";
import { Modal } from "~/components/modal";
import { requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { renameUser } from "@modules/users/account.server";
import { accountNameSchema } from "@modules/users/schemas/account";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "settings");
  return { fullName: user.fullName };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const submission = parseWithZod(await request.formData(), { schema: accountNameSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await renameUser(user.id, submission.value.fullName);
  return redirectWithToast("/account-settings", { type: "success", message: "Account Info successfully updated" });
}

export default function ChangeAccountName() {
  const { fullName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "change-name",
    lastResult: actionData?.result,
    defaultValue: { fullName },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountNameSchema }),
  });
  return (
    <Modal title="Change Account Name" closeTo="/account-settings">
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <TextField label="Full Name" {...getInputProps(fields.fullName, { type: "text" })} autoComplete="name" errors={fields.fullName.errors} />
        <FormErrors errors={form.errors} />
        <div className="flex justify-end gap-2">
          <LinkButton to="/account-settings" variant="secondary" preventScrollReset>
            Cancel
          </LinkButton>
          <Button type="submit">Save</Button>
        </div>
      </Form>
    </Modal>
  );
}
