import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { messageLanguage, requestMessages } from "~/utils/language.server";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect, Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { Checkbox, FormErrors, TextField } from "@lib/ui/field";
import { signIn } from "~/utils/auth.server";
import { requireAnonymous, startSession } from "~/utils/guards.server";
import { publicOrigin } from "@lib/origin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { landingPath, safeRedirect } from "@modules/users/index.server";
import { loginSchema } from "@modules/users/index.server";
import { resendSchema } from "@modules/users/index.server";
import { LoginError } from "@modules/users/index.server";
import { resendVerification } from "@modules/users/index.server";
import { beginTwoFactorSignIn } from "@modules/users/index.server";
import { pendingSignInCookie } from "~/utils/two-factor.server";
import { TooManySignInsError, limitMailRequest } from "@modules/users/index.server";
import { throttleAddress } from "@lib/client-address.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { boundedRequest, readForm } from "@lib/multipart.server";
import { useT } from "@lib/i18n/context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle = { title: "Login", chrome: false, page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request: posted, context }: ActionFunctionArgs) {
  await requireAnonymous(posted);
  // remix-auth reads the body itself: both read a copy that was read within the limit.
  const request = await boundedRequest(posted);
  const formData = await readForm(request.clone());
  if (formData.get("intent") === "resend") {
    const submission = parseWithZod(formData, { schema: resendSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), unverified: true }, { status: 400 });
    return withDomainErrors(
      async () => {
        await limitMailRequest(submission.value.email, throttleAddress(context));
        await resendVerification(submission.value.email, publicOrigin(), await messageLanguage(request));
        return redirectWithToast("/login", { type: "success", message: "Email Resend successfully" });
      },
      { submission, extra: { unverified: true }, say: await requestMessages(request) },
    );
  }
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), unverified: false }, { status: 400 });
  try {
    const user = await signIn(request, submission.value.email, throttleAddress(context));
    // Accounts with two-factor sign-in answer a code next; no session exists before it.
    const pending = await beginTwoFactorSignIn(user, submission.value.remember);
    if (pending) {
      const next = submission.value.redirectTo ? `?redirectTo=${encodeURIComponent(submission.value.redirectTo)}` : "";
      return redirect(`/login/two-factor${next}`, { headers: { "Set-Cookie": await pendingSignInCookie(request, pending) } });
    }
    const cookie = await startSession(request, user, submission.value.remember);
    return redirect(safeRedirect(submission.value.redirectTo, landingPath(user)), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof LoginError || error instanceof TooManySignInsError) {
      const unverified = error instanceof LoginError && error.code === "unverified";
      return data(
        { result: submission.reply({ formErrors: [(await requestMessages(request))(error.message)], hideFields: ["password"] }), unverified },
        { status: error.status },
      );
    }
    throw error;
  }
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") !== "resend";
  const { t } = useT();
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-md rounded-lg bg-white p-8 shadow">
        <p className="text-center text-sm font-semibold tracking-widest text-blue-700">TIMS</p>
        <h1 className="mt-1 text-center text-2xl font-bold text-slate-800">{t("Sign in to your account")}</h1>
        <p className="mt-1 text-center text-sm text-slate-500">{t("Trekkers' Information Management System")}</p>
        <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)} data-check="users.loginSchema">
          <input type="hidden" name="intent" value="login" />
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          <TextField label="Email" {...getInputProps(fields.email, { type: "email" })} autoComplete="email" errors={fields.email.errors} />
          <TextField
            label="Password"
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete="current-password"
            errors={fields.password.errors}
          />
          <div className="flex items-center justify-between">
            <Checkbox label={t("Remember me")} name={fields.remember.name} />
            <Link to="/forgot-password" className="text-sm text-blue-700 hover:underline">
              {t("Forgot password?")}
            </Link>
          </div>
          <FormErrors errors={form.errors} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? t("Signing in…") : t("Login")}
          </Button>
        </Form>
        {actionData?.unverified ? (
          <Form method="post" className="mt-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="resend-verification">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={String(fields.email.initialValue ?? fields.email.value ?? "")} />
            <p className="text-amber-900">{t("Didn't get the verification e-mail?")}</p>
            <Button type="submit" variant="secondary" size="sm" className="mt-2">
              {t("Resend verification email")}
            </Button>
          </Form>
        ) : null}
        <p className="mt-6 text-center text-sm text-slate-600">
          {t("Don't have an account?")}{" "}
          <Link to="/register" className="font-semibold text-blue-700 hover:underline">
            {t("Register Now")}
          </Link>
        </p>
        <p className="mt-2 text-center text-sm">
          <Link to="/location" className="text-blue-700 hover:underline">
            {t("Self Check in")}
          </Link>
        </p>
        <p className="mt-6 text-center text-xs text-slate-600">{t("For the best experience we recommend Google Chrome or Microsoft Edge.")}</p>
      </div>
    </div>
  );
}
