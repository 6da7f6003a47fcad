import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/utils/guards.server";
import { dashboardSummary } from "@modules/dashboard/index.server";
import { landingPath } from "@modules/users/index.server";
import { can } from "@modules/users/index.server";
import { overdueSummary } from "@modules/overdue/index.server";
import { OverdueBlock } from "@modules/overdue/index.ui";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export const handle = { title: "Dashboard" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Spec 1 §2.2: a role without the dashboard is sent to its own landing page, not a 403.
  if (!can(user, "dashboard")) throw redirect(landingPath(user));
  return { summary: await dashboardSummary(), overdue: await overdueSummary(user) };
}

export default function Dashboard() {
  const { summary, overdue } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="users-summary">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="rounded-lg bg-white p-5 shadow-sm">
          <h2 id="users-summary" className="text-sm font-medium text-slate-500">
            Users
          </h2>
          <p className="mt-2 text-3xl font-bold text-slate-800" data-testid="users-total">
            {summary.users.total}
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-1 text-xs text-slate-600">
            {summary.users.byType.map((t) => (
              <div key={t.name} className="contents">
                <dt>{t.name}</dt>
                <dd className="text-right font-medium">{t.count}</dd>
              </div>
            ))}
          </dl>
        </div>
        {overdue ? <OverdueBlock summary={overdue} /> : null}
      </div>
    </section>
  );
}
