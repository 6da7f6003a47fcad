import { parseWithZod } from "@lib/zod-form.server";
import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useNavigation } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { PageHeader } from "@lib/ui/page-header";
import { requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { domainErrorResponse } from "~/utils/domain-error.server";
import { changePasswordByUsername, SelfActionError, UnknownUsernameError } from "@modules/users/index.server";
import { PasswordForm } from "~/components/users/account-forms";
import { changeUserPasswordSchema } from "@modules/users/index.server";
import { readForm } from "@lib/multipart.server";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { title: "Change User Password", page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

const HIDDEN = ["password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "changeUserPassword");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePermission(request, "changeUserPassword");
  const submission = parseWithZod(await readForm(request), { schema: changeUserPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  try {
    await changePasswordByUsername(actor.id, submission.value.username, submission.value.password);
  } catch (error) {
    const message =
      error instanceof UnknownUsernameError ? error.message : error instanceof SelfActionError ? "Change your own password in Account Settings." : null;
    if (!message) return domainErrorResponse(error, { submission, hideFields: HIDDEN });
    return data({ result: submission.reply({ fieldErrors: { username: [message] }, hideFields: HIDDEN }) }, { status: 400 });
  }
  return redirectWithToast("/change-user-password", { type: "success", message: "Password changed successfully" });
}

/** Sets another account's password by username (a grantable permission: docs/decisions.md). */
export default function ChangeUserPassword() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const submit = (
    <Button type="submit" disabled={busy}>
      Change Password
    </Button>
  );
  return (
    <section className="max-w-lg">
      <PageHeader title="Change User Password" />
      <PasswordForm
        id="change-user-password"
        schema="changeUserPasswordSchema"
        lastResult={actionData?.result}
        actions={submit}
        className="space-y-4 rounded-lg border border-gray-200 bg-white p-5"
      />
    </section>
  );
}
