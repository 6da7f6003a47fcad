import type { RouteHandle } from "~/root";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard, OpenMailButtons } from "@modules/users/index.ui";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle: RouteHandle = { title: "Check Mail", chrome: false, page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

// public: shown after a reset request, identical whether or not the address is registered.
export async function loader({ request }: LoaderFunctionArgs) {
  return { email: (new URL(request.url).searchParams.get("email") ?? "").slice(0, 190) };
}

export default function CheckMail() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <AuthCard title="Check your mail">
      <p className="text-center text-sm text-slate-700">
        If an account is registered with {email ? <strong className="break-all">{email}</strong> : "this address"}, we have sent it a link to set a new
        password. The link works once and expires in 1 hour.
      </p>
      <div className="mt-6">
        <OpenMailButtons />
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        No e-mail?{" "}
        <Link to="/forgot-password" className="font-semibold text-blue-700 hover:underline">
          Try again
        </Link>{" "}
        ·{" "}
        <Link to="/login" className="font-semibold text-blue-700 hover:underline">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
