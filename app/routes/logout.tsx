import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { Button, LinkButton } from "@lib/ui/button";
import { endSession, requireUser } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Logout" };

// GET only asks: signing out on a plain link would let any page sign the user out.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  // A public action: an expired or missing session is simply cleared.
  const cookie = await endSession(request);
  return redirectWithToast("/login", { type: "success", message: "User Successfully Logout" }, { headers: { "Set-Cookie": cookie } });
}

export default function Logout() {
  return (
    <div className="mx-auto max-w-md rounded-lg bg-white p-6 shadow">
      <h2 className="text-lg font-semibold">Sign out</h2>
      <p className="mt-2 text-slate-600">Do you want to sign out of TIMS?</p>
      <Form method="post" action="/logout" className="mt-4 flex gap-2">
        <Button type="submit">Logout</Button>
        <LinkButton to="/" variant="secondary">
          Cancel
        </LinkButton>
      </Form>
    </div>
  );
}
