import { parseWithZod } from "@lib/zod-form.server";
import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { Modal } from "@lib/ui/modal";
import { redirectWithToast } from "~/utils/toast.server";
import { adminRename } from "@modules/users/index.server";
import { requireOtherUserTarget } from "../utils/user-target.server";
import { NameForm } from "~/components/users/account-forms";
import { ModalActions } from "@modules/users/index.ui";
import { accountNameSchema } from "@modules/users/index.server";
import { readForm } from "@lib/multipart.server";
import { useT } from "@lib/i18n/context";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { target, base } = await requireOtherUserTarget(request, params, "accountChangeButtons");
  return { base, fullName: target.fullName };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, target, base } = await requireOtherUserTarget(request, params, "accountChangeButtons");
  const submission = parseWithZod(await readForm(request), { schema: accountNameSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await adminRename(viewer.id, target.id, submission.value.fullName);
  return redirectWithToast(base, { type: "success", message: "Account Info successfully updated" });
}

export default function ChangeUserName() {
  const { t } = useT();
  const { base, fullName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <Modal title={t("Change Account Name")} closeTo={base}>
      <NameForm id="user-name" fullName={fullName} lastResult={actionData?.result} actions={<ModalActions closeTo={base} submitLabel="Save" />} />
    </Modal>
  );
}
