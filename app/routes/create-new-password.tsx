import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { FormErrors, TextField } from "@lib/ui/field";
import { redirectWithToast } from "~/utils/toast.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { AuthCard } from "@modules/users/index.ui";
import { NewPasswordField } from "~/components/users/password-checklist";
import { checkResetLink, resetPassword } from "@modules/users/index.server";
import { resetPasswordSchema } from "@modules/users/index.server";
import { readForm } from "@lib/multipart.server";
import { isDomainError } from "@lib/errors";
import { useT } from "@lib/i18n/context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle = { title: "Create New Password", chrome: false, page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

// Mail clients sometimes turn '+' into a space (spec 1 §2.8).
const fromLink = (value: string | null) => (value ?? "").replace(/ /g, "+");

// public: the link from the reset e-mail; the signed, single-use token is the credential.
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = fromLink(url.searchParams.get("token"));
  const verify = fromLink(url.searchParams.get("verify"));
  const linkError = await checkResetLink(token, verify).then(
    () => null,
    (error: unknown) => {
      if (isDomainError(error)) return error.message;
      throw error;
    },
  );
  return { token, verify, linkError };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  const { token, verify, password } = submission.value;
  // A refused password (one of the most common) comes back under its field.
  return withDomainErrors(
    async () => {
      await resetPassword(token, verify, password);
      return redirectWithToast("/success-password-change", { type: "success", message: "Password changed successfully" });
    },
    { submission, hideFields: ["password", "confirmPassword"] },
  );
}

export default function CreateNewPassword() {
  const { token, verify, linkError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const [form, fields] = useForm<Record<"token" | "verify" | "password" | "confirmPassword", string>>({
    id: "create-new-password",
    lastResult: actionData?.result,
  });
  if (linkError) {
    return (
      <AuthCard title="Create new password">
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {t(linkError)}
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to="/forgot-password" className="font-semibold text-blue-700 hover:underline">
            {t("Ask for a new link")}
          </Link>
        </p>
      </AuthCard>
    );
  }
  // Hidden fields carry the link's token and user id; their errors are the spec's link texts.
  const linkErrors = [...(fields.token.errors ?? []), ...(fields.verify.errors ?? []), ...(form.errors ?? [])];
  return (
    <AuthCard title="Create new password" subtitle="Choose a new password for your account">
      <Form method="post" className="space-y-4" {...getFormProps(form)} data-check="users.resetPasswordSchema">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="verify" value={verify} />
        <NewPasswordField field={fields.password} label="New Password" />
        <TextField
          label="Confirm Password"
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          autoComplete="new-password"
          errors={fields.confirmPassword.errors}
        />
        <FormErrors errors={linkErrors} />
        <Button type="submit" className="w-full">
          {t("Change Password")}
        </Button>
      </Form>
    </AuthCard>
  );
}
