import { parseWithZod } from "@lib/zod-form.server";
import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData } from "@remix-run/react";
import { Modal } from "@lib/ui/modal";
import { renewSession, requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { domainErrorResponse } from "~/utils/domain-error.server";
import { changeOwnPassword, WrongPasswordError } from "@modules/users/index.server";
import { PasswordForm } from "~/components/users/account-forms";
import { ModalActions } from "@modules/users/index.ui";
import { changeOwnPasswordSchema } from "@modules/users/index.server";
import { readForm } from "@lib/multipart.server";
import { useT } from "@lib/i18n/context";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

const HIDDEN = ["currentPassword", "newPassword", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const submission = parseWithZod(await readForm(request), { schema: changeOwnPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  let version: number;
  try {
    version = await changeOwnPassword(user.id, submission.value.currentPassword, submission.value.newPassword);
  } catch (error) {
    if (error instanceof WrongPasswordError) {
      return data({ result: submission.reply({ fieldErrors: { currentPassword: [error.message] }, hideFields: HIDDEN }) }, { status: 400 });
    }
    return domainErrorResponse(error, { submission, hideFields: HIDDEN });
  }
  // Every session of the account ended with the change; this browser goes on in a new one.
  return redirectWithToast(
    "/account-settings",
    { type: "success", message: "Password Changed Successfully" },
    { headers: { "Set-Cookie": await renewSession(request, version) } },
  );
}

export default function ChangePassword() {
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  return (
    <Modal title={t("Change Password")} closeTo="/account-settings">
      <PasswordForm
        id="change-password"
        schema="changeOwnPasswordSchema"
        lastResult={actionData?.result}
        actions={<ModalActions closeTo="/account-settings" submitLabel="Change Password" />}
      />
    </Modal>
  );
}
