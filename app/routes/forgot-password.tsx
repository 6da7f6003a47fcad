import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { messageLanguage, requestMessages } from "~/utils/language.server";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, useActionData } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { FormErrors, TextField } from "@lib/ui/field";
import { requireAnonymous } from "~/utils/guards.server";
import { publicOrigin } from "@lib/origin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AuthCard } from "@modules/users/index.ui";
import { requestPasswordReset } from "@modules/users/index.server";
import { forgotPasswordSchema } from "@modules/users/index.server";
import { limitMailRequest } from "@modules/users/index.server";
import { throttleAddress } from "@lib/client-address.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { readForm } from "@lib/multipart.server";

import { useT } from "@lib/i18n/context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle = { title: "Forgot Password", chrome: false, page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

// public: for users who cannot sign in.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  return withDomainErrors(
    async () => {
      await limitMailRequest(email, throttleAddress(context));
      await requestPasswordReset(email, publicOrigin(), await messageLanguage(request));
      // The same answer whether or not the address has an account.
      return redirectWithToast(`/check-mail?email=${encodeURIComponent(email)}`, { type: "success", message: "Link successfully sent" });
    },
    { submission, say: await requestMessages(request) },
  );
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({ id: "forgot-password", lastResult: actionData?.result });
  const { t } = useT();
  return (
    <AuthCard title="Forgot password?" subtitle="Enter your e-mail and we will send you a link to set a new password">
      <Form method="post" className="space-y-4" {...getFormProps(form)} data-check="users.forgotPasswordSchema">
        <TextField label="Email" {...getInputProps(fields.email, { type: "email" })} autoComplete="email" errors={fields.email.errors} />
        <FormErrors errors={form.errors} />
        <Button type="submit" className="w-full">
          {t("Send Reset Link")}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-blue-700 hover:underline">
          {t("Back to Login")}
        </Link>
      </p>
    </AuthCard>
  );
}
