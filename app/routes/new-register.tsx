import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { forbidden, requireUser } from "~/utils/guards.server";
import { can } from "@modules/users/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Register Trek" };

/** The wizard: registering roles create treks; the board may open any registration to edit it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!can(user, "registerTrek") && !can(user, "cardsEdit")) throw forbidden();
  return null;
}

export default function NewRegisterLayout() {
  return (
    <section className="mx-auto max-w-4xl">
      <Outlet />
    </section>
  );
}
