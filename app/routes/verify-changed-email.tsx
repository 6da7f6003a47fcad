import type { RouteHandle } from "~/root";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LinkButton } from "@lib/ui/button";
import { AuthCard } from "@modules/users/index.ui";
import { confirmEmailChange, type EmailChangeResult } from "@modules/users/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle: RouteHandle = { title: "Verify Changed Email", chrome: false, page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

const FAILURES: Record<Exclude<EmailChangeResult, "changed">, string> = {
  invalid: "This link is not valid or has already been used.",
  expired: "This link has expired. Please ask for the change again from Account Settings.",
  taken: "This email is already registered.",
};

// public: the link from the e-mail sent to the new address; the signed token is the credential.
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Mail clients sometimes turn '+' into a space; the spec restores them (spec 1 §2.8).
  const read = (name: string) => (url.searchParams.get(name) ?? "").replace(/ /g, "+");
  const [token, userId, email] = [read("token"), read("verify"), read("change")];
  const result: EmailChangeResult = token && userId && email ? await confirmEmailChange(token, userId, email) : "invalid";
  return { result, message: result === "changed" ? null : FAILURES[result] };
}

export default function VerifyChangedEmail() {
  const { result, message } = useLoaderData<typeof loader>();
  return result === "changed" ? (
    <AuthCard title="Email changed Successfully!">
      <p className="text-center text-sm text-slate-700">We just verified and changed your email successfully.</p>
      <div className="mt-6 text-center">
        <LinkButton to="/login">Login</LinkButton>
      </div>
    </AuthCard>
  ) : (
    <AuthCard title="Email not changed">
      <p role="alert" className="text-center text-sm text-red-600">
        {message}
      </p>
      <div className="mt-6 text-center">
        <LinkButton to="/login">Login</LinkButton>
      </div>
    </AuthCard>
  );
}
