import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors, TextField } from "~/components/field";
import { Modal } from "~/components/modal";
import { redirectWithToast } from "~/utils/toast.server";
import { adminRename } from "@modules/users/admin.server";
import { ModalActions } from "@modules/users/components/modal-actions";
import { requireOtherUserTarget } from "@modules/users/route-guards.server";
import { accountNameSchema } from "@modules/users/schemas/account";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { target, base } = await requireOtherUserTarget(request, params, "accountChangeButtons");
  return { base, fullName: target.fullName };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, target, base } = await requireOtherUserTarget(request, params, "accountChangeButtons");
  const submission = parseWithZod(await request.formData(), { schema: accountNameSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await adminRename(viewer.id, target.id, submission.value.fullName);
  return redirectWithToast(base, { type: "success", message: "Account Info successfully updated" });
}

export default function ChangeUserName() {
  const { base, fullName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "user-name",
    lastResult: actionData?.result,
    defaultValue: { fullName },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountNameSchema }),
  });
  return (
    <Modal title="Change Account Name" closeTo={base}>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <TextField label="Full Name" {...getInputProps(fields.fullName, { type: "text" })} errors={fields.fullName.errors} />
        <FormErrors errors={form.errors} />
        <ModalActions closeTo={base} submitLabel="Save" />
      </Form>
    </Modal>
  );
}
