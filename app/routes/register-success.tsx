import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button } from "~/components/button";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AuthCard, OpenMailButtons } from "@modules/users/components/auth-card";
import { resendSchema } from "@modules/users/schemas/register";
import { resendVerification } from "@modules/users/verification.server";

export const handle = { title: "Register Success", chrome: false };

// public: the page a new account lands on before it can sign in.
export async function loader({ request }: LoaderFunctionArgs) {
  return { email: (new URL(request.url).searchParams.get("email") ?? "").slice(0, 190) };
}

// public: resending says the same for any address, so it reveals nothing about accounts.
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resendSchema });
  if (submission.status !== "success") return data({ error: "Please enter a correct email address" }, { status: 400 });
  await resendVerification(submission.value.email, publicOrigin(request));
  return redirectWithToast(`/register-success?email=${encodeURIComponent(submission.value.email)}`, {
    type: "success",
    message: "Email Resend successfully",
  });
}

export default function RegisterSuccess() {
  const { email } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <AuthCard title="Registration successful" subtitle="One more step: verify your e-mail address">
      <p className="text-center text-sm text-slate-700">
        We have sent a verification link to {email ? <strong className="break-all">{email}</strong> : "your e-mail address"}. Follow it to
        activate your account, then sign in.
      </p>
      <div className="mt-6">
        <OpenMailButtons />
      </div>
      {email ? (
        <Form method="post" className="mt-6 text-center">
          <input type="hidden" name="email" value={email} />
          <Button type="submit" variant="secondary" disabled={busy}>
            Resend Email
          </Button>
        </Form>
      ) : null}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-blue-700 hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
