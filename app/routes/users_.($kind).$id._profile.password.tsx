import { parseWithZod } from "@lib/zod-form.server";
import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { Modal } from "@lib/ui/modal";
import { redirectWithToast } from "~/utils/toast.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { adminSetPassword } from "@modules/users/index.server";
import { requireOtherUserTarget } from "../utils/user-target.server";
import { PasswordForm } from "~/components/users/account-forms";
import { ModalActions } from "@modules/users/index.ui";
import { setPasswordSchema } from "@modules/users/index.server";
import { readForm } from "@lib/multipart.server";
import { useT } from "@lib/i18n/context";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { base } = await requireOtherUserTarget(request, params, "accountChangeButtons");
  return { base };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, target, base } = await requireOtherUserTarget(request, params, "accountChangeButtons");
  const submission = parseWithZod(await readForm(request), { schema: setPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  return withDomainErrors(
    async () => {
      await adminSetPassword(viewer.id, target.id, submission.value.password);
      return redirectWithToast(base, { type: "success", message: "Password Changed Successfully" });
    },
    { submission, hideFields: ["password", "confirmPassword"] },
  );
}

/** The board sets a new password; the user's sessions end with it. */
export default function ChangeUserPassword() {
  const { t } = useT();
  const { base } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <Modal title={t("Change Password")} closeTo={base}>
      <PasswordForm
        id="user-password"
        schema="setPasswordSchema"
        lastResult={actionData?.result}
        actions={<ModalActions closeTo={base} submitLabel="Change Password" />}
      />
    </Modal>
  );
}
