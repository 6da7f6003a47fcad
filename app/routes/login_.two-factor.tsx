import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect, Form, Link, useActionData } from "@remix-run/react";
import { readForm } from "@lib/multipart.server";
import { Button } from "@lib/ui/button";
import { FormErrors, TextField } from "@lib/ui/field";
import { requireAnonymous, startSession } from "~/utils/guards.server";
import { domainErrorResponse } from "~/utils/domain-error.server";
import { redirectWithToast } from "~/utils/toast.server";
import { clearPendingSignIn, readPendingSignIn } from "~/utils/two-factor.server";
import { TWO_FACTOR_CODE_LABEL, landingPath, safeRedirect } from "@modules/users";
import { AuthCard } from "@modules/users/index.ui";
import { twoFactorCodeSchema } from "@modules/users/index.server";
import { PendingSignInExpiredError, TWO_FACTOR_MESSAGES, completeTwoFactorSignIn, pendingSignIn } from "@modules/users/index.server";
import { signInThrottle } from "@modules/users/index.server";
import { throttleAddress } from "@lib/client-address.server";
import { useT } from "@lib/i18n/context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle = { title: "Two-factor sign-in", chrome: false, page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

/** Back to the password step, saying why, and without the stale half-done sign-in. */
async function startOver(request: Request) {
  return redirectWithToast(
    "/login",
    { type: "warning", message: TWO_FACTOR_MESSAGES.expired },
    { headers: { "Set-Cookie": await clearPendingSignIn(request) } },
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  if (!(await pendingSignIn(await readPendingSignIn(request)))) throw await startOver(request);
  return null;
}

/** The second step of signing in: a 6-digit code from the app or a recovery code; a plain form. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const submission = parseWithZod(await readForm(request), { schema: twoFactorCodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  try {
    const pending = await readPendingSignIn(request);
    // Six digits are guessable: wrong codes wait like wrong passwords, per (pending sign-in, address).
    const attempt = pending ? await signInThrottle().begin(`two-factor:${pending}`, throttleAddress(context)) : null;
    const { user, remember } = await completeTwoFactorSignIn(pending, submission.value.code);
    await attempt?.passed();
    const headers = new Headers();
    headers.append("Set-Cookie", await startSession(request, user, remember));
    headers.append("Set-Cookie", await clearPendingSignIn(request));
    return redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo"), landingPath(user)), { headers });
  } catch (error) {
    if (error instanceof PendingSignInExpiredError) return startOver(request);
    return domainErrorResponse(error, { submission, hideFields: ["code"] });
  }
}

export default function TwoFactorSignIn() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ code: string }>({ id: "two-factor", lastResult: actionData?.result });
  const { t } = useT();
  return (
    <AuthCard title="Two-factor sign-in" subtitle="Enter the 6-digit code from your authenticator app.">
      <Form method="post" className="space-y-4" {...getFormProps(form)} data-check="users.twoFactorCodeSchema">
        <TextField
          label={TWO_FACTOR_CODE_LABEL}
          {...getInputProps(fields.code, { type: "text" })}
          inputMode="numeric"
          autoComplete="one-time-code"
          errors={fields.code.errors}
          hint="Lost your phone? Enter one of your recovery codes instead (like abcde-12345)."
        />
        <FormErrors errors={form.errors} />
        <Button type="submit" className="w-full">
          {t("Verify")}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-blue-700 hover:underline">
          {t("Back to sign in")}
        </Link>
      </p>
    </AuthCard>
  );
}
