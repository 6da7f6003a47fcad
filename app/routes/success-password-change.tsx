import type { RouteHandle } from "~/root";
import { LinkButton } from "@lib/ui/button";
import { AuthCard } from "@modules/users/index.ui";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle: RouteHandle = { title: "Password Changed", chrome: false, page: "document" };
export { documentClientLoader as clientLoader, documentLoader as loader } from "~/utils/document-page";

// public: the end of the reset flow; it shows nothing about the account.
export default function SuccessPasswordChange() {
  return (
    <AuthCard title="Password Changed Successfully">
      <p className="text-center text-sm text-slate-700">Your password has been changed. Please login with your new password.</p>
      <div className="mt-6 text-center">
        <LinkButton to="/login">Login</LinkButton>
      </div>
    </AuthCard>
  );
}
