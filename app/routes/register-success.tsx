import type { RouteHandle } from "~/root";
import { messageLanguage, requestMessages } from "~/utils/language.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { parseWithZod } from "@lib/zod-form.server";
import { Button } from "@lib/ui/button";
import { FormErrors } from "@lib/ui/field";
import { publicOrigin } from "@lib/origin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AuthCard, OpenMailButtons } from "@modules/users/index.ui";
import { resendSchema } from "@modules/users/index.server";
import { resendVerification } from "@modules/users/index.server";
import { limitMailRequest } from "@modules/users/index.server";
import { throttleAddress } from "@lib/client-address.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { readForm } from "@lib/multipart.server";
import { useT } from "@lib/i18n/context";
import { richText } from "@lib/i18n/rich";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle: RouteHandle = { title: "Register Success", chrome: false, page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

// public: the page a new account lands on before it can sign in.
export async function loader({ request }: LoaderFunctionArgs) {
  return { email: (new URL(request.url).searchParams.get("email") ?? "").slice(0, 190) };
}

// public: resending says the same for any address, so it reveals nothing about accounts.
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: resendSchema });
  if (submission.status !== "success") return data({ error: "Please enter a correct email address" }, { status: 400 });
  const { email } = submission.value;
  return withDomainErrors(
    async () => {
      await limitMailRequest(email, throttleAddress(context));
      await resendVerification(email, publicOrigin(), await messageLanguage(request));
      return redirectWithToast(`/register-success?email=${encodeURIComponent(email)}`, { type: "success", message: "Email Resend successfully" });
    },
    { say: await requestMessages(request) },
  );
}

export default function RegisterSuccess() {
  const { email } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const translator = useT();
  const { t } = translator;
  return (
    <AuthCard title="Registration successful" subtitle="One more step: verify your e-mail address">
      <p className="text-center text-sm text-slate-700">
        {richText(translator, "We have sent a verification link to {{email}}. Follow it to activate your account, then sign in.", {
          email: email ? <strong className="break-all">{email}</strong> : t("your e-mail address"),
        })}
      </p>
      <div className="mt-6">
        <OpenMailButtons />
      </div>
      {email ? (
        <Form method="post" className="mt-6 text-center">
          <input type="hidden" name="email" value={email} />
          {refused && "error" in refused ? <FormErrors errors={[refused.error]} /> : null}
          <Button type="submit" variant="secondary" disabled={busy}>
            {t("Resend Email")}
          </Button>
        </Form>
      ) : null}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-blue-700 hover:underline">
          {t("Login")}
        </Link>
      </p>
    </AuthCard>
  );
}
