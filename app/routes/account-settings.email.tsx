import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { messageLanguage, requestMessages, requestTranslator } from "~/utils/language.server";
import type { RouteHandle } from "~/root";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, useActionData } from "@remix-run/react";
import { Button, LinkButton } from "@lib/ui/button";
import { FormErrors, TextField } from "@lib/ui/field";
import { Modal } from "@lib/ui/modal";
import { requirePermission } from "~/utils/guards.server";
import { publicOrigin } from "@lib/origin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { limitMailRequest, requestEmailChange } from "@modules/users/index.server";
import { throttleAddress } from "@lib/client-address.server";
import { changeEmailSchema } from "@modules/users/index.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { readForm } from "@lib/multipart.server";
import { useT } from "@lib/i18n/context";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";
export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const submission = parseWithZod(await readForm(request), { schema: changeEmailSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return withDomainErrors(
    async () => {
      await limitMailRequest(submission.value.email, throttleAddress(context));
      await requestEmailChange(user.id, submission.value.email, publicOrigin(), await messageLanguage(request));
      // Said here, with its address: the toast's own lookup knows only whole texts.
      const { t } = await requestTranslator(request);
      return redirectWithToast("/account-settings", {
        type: "info",
        message: t("We have sent a confirmation link to {{email}}. Your email changes when you follow it.", { email: submission.value.email }),
      });
    },
    { submission, say: await requestMessages(request) },
  );
}

export default function ChangeEmailAddress() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "change-email",
    lastResult: actionData?.result,
  });
  const { t } = useT();
  return (
    <Modal title={t("Change E-mail Address")} closeTo="/account-settings">
      <Form method="post" className="space-y-4" {...getFormProps(form)} data-check="users.changeEmailSchema">
        <p className="text-sm text-gray-600">{t("We will send a link to the new address. Your e-mail changes once you follow it.")}</p>
        <TextField label="New Email" {...getInputProps(fields.email, { type: "email" })} autoComplete="email" errors={fields.email.errors} />
        <TextField label="Confirm Email" {...getInputProps(fields.confirmEmail, { type: "email" })} autoComplete="email" errors={fields.confirmEmail.errors} />
        <FormErrors errors={form.errors} />
        <div className="flex justify-end gap-2">
          <LinkButton to="/account-settings" variant="secondary" preventScrollReset>
            {t("Cancel")}
          </LinkButton>
          <Button type="submit">{t("Send Link")}</Button>
        </div>
      </Form>
    </Modal>
  );
}
