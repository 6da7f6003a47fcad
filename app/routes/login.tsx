import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { Button } from "~/components/button";
import { Checkbox, FormErrors, TextField } from "~/components/field";
import { RateLimitError, signIn } from "~/utils/auth.server";
import { requireAnonymous, startSession } from "~/utils/guards.server";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { landingPath, safeRedirect } from "@modules/users/landing";
import { loginSchema, resendSchema } from "@modules/users/schemas/login";
import { LoginError } from "@modules/users/service.server";
import { resendVerification } from "@modules/users/verification.server";

export const handle = { title: "Login", chrome: false };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  // remix-auth reads the body itself, so the route reads a clone.
  const formData = await request.clone().formData();
  if (formData.get("intent") === "resend") {
    const submission = parseWithZod(formData, { schema: resendSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), unverified: true }, { status: 400 });
    await resendVerification(submission.value.email, publicOrigin(request));
    return redirectWithToast("/login", { type: "success", message: "Email Resend successfully" });
  }
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), unverified: false }, { status: 400 });
  try {
    const user = await signIn(request, submission.value.email);
    const cookie = await startSession(request, user, submission.value.remember);
    return redirect(safeRedirect(submission.value.redirectTo, landingPath(user)), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof LoginError || error instanceof RateLimitError) {
      const unverified = error instanceof LoginError && error.code === "unverified";
      return data(
        { result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }), unverified },
        { status: error instanceof RateLimitError ? 429 : 400 },
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
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") !== "resend";
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-md rounded-lg bg-white p-8 shadow">
        <p className="text-center text-sm font-semibold tracking-widest text-blue-700">TIMS</p>
        <h1 className="mt-1 text-center text-2xl font-bold text-slate-800">Sign in to your account</h1>
        <p className="mt-1 text-center text-sm text-slate-500">Trekkers' Information Management System</p>
        <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
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
            <Checkbox label="Remember me" name={fields.remember.name} />
            <Link to="/forgot-password" className="text-sm text-blue-700 hover:underline">
              Forgot password?
            </Link>
          </div>
          <FormErrors errors={form.errors} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Signing in…" : "Login"}
          </Button>
        </Form>
        {actionData?.unverified ? (
          <Form method="post" className="mt-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="resend-verification">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={String(fields.email.initialValue ?? fields.email.value ?? "")} />
            <p className="text-amber-900">Didn't get the verification e-mail?</p>
            <Button type="submit" variant="secondary" size="sm" className="mt-2">
              Resend verification email
            </Button>
          </Form>
        ) : null}
        <p className="mt-6 text-center text-sm text-slate-600">
          Don't have an account?{" "}
          <Link to="/register" className="font-semibold text-blue-700 hover:underline">
            Register Now
          </Link>
        </p>
        <p className="mt-2 text-center text-sm">
          <Link to="/location" className="text-blue-700 hover:underline">
            Self Check in
          </Link>
        </p>
        <p className="mt-6 text-center text-xs text-slate-400">
          For the best experience we recommend Google Chrome or Microsoft Edge.
        </p>
      </div>
    </div>
  );
}
