import { parseWithZod } from "@lib/zod-form.server";
import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { Modal } from "@lib/ui/modal";
import { requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { renameUser } from "@modules/users/index.server";
import { NameForm } from "~/components/users/account-forms";
import { ModalActions } from "@modules/users/index.ui";
import { accountNameSchema } from "@modules/users/index.server";
import { readForm } from "@lib/multipart.server";
import { useT } from "@lib/i18n/context";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "settings");
  return { fullName: user.fullName };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const submission = parseWithZod(await readForm(request), { schema: accountNameSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await renameUser(user.id, submission.value.fullName);
  return redirectWithToast("/account-settings", { type: "success", message: "Account Info successfully updated" });
}

export default function ChangeAccountName() {
  const { fullName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  return (
    <Modal title={t("Change Account Name")} closeTo="/account-settings">
      <NameForm
        id="change-name"
        fullName={fullName}
        lastResult={actionData?.result}
        actions={<ModalActions closeTo="/account-settings" submitLabel="Save" />}
      />
    </Modal>
  );
}
