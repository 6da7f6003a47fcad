import type { RouteHandle } from "~/root";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard, OpenMailButtons } from "@modules/users/index.ui";
import { useT } from "@lib/i18n/context";
import { richText } from "@lib/i18n/rich";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle: RouteHandle = { title: "Check Mail", chrome: false, page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

// public: shown after a reset request, identical whether or not the address is registered.
export async function loader({ request }: LoaderFunctionArgs) {
  return { email: (new URL(request.url).searchParams.get("email") ?? "").slice(0, 190) };
}

export default function CheckMail() {
  const { email } = useLoaderData<typeof loader>();
  const translator = useT();
  const { t } = translator;
  return (
    <AuthCard title="Check your mail">
      <p className="text-center text-sm text-slate-700">
        {richText(
          translator,
          "If an account is registered with {{email}}, we have sent it a link to set a new password. The link works once and expires in 1 hour.",
          {
            email: email ? <strong className="break-all">{email}</strong> : t("this address"),
          },
        )}
      </p>
      <div className="mt-6">
        <OpenMailButtons />
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t("No e-mail?")}{" "}
        <Link to="/forgot-password" className="font-semibold text-blue-700 hover:underline">
          {t("Try again")}
        </Link>{" "}
        ·{" "}
        <Link to="/login" className="font-semibold text-blue-700 hover:underline">
          {t("Back to Login")}
        </Link>
      </p>
    </AuthCard>
  );
}
