import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable, EMPTY_TEXTS } from "@lib/ui/table";
import { requireUser } from "~/utils/guards.server";
import { USER_TYPES } from "@modules/lookups";
import { can } from "@modules/users/index.server";
import { searchUsers } from "@modules/users/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export const handle = { title: "Search" };

/** The header search. Each area joins the results as its module lands; users come first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const users = q && can(user, "users") ? await searchUsers(q) : [];
  return { q, users };
}

const typeName = (id: number) => USER_TYPES.find((t) => t.id === id)?.name ?? String(id);

export default function Search() {
  const { q, users } = useLoaderData<typeof loader>();
  if (!q) return <p className="text-slate-500">Type a name or e-mail in the search box and press Enter.</p>;
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold">Results for “{q}”</h2>
      {users.length ? (
        <DataTable
          rows={users}
          columns={[
            { key: "name", header: "Name", cell: (u) => u.fullName },
            { key: "email", header: "Email", cell: (u) => u.email },
            { key: "type", header: "User Type", cell: (u) => typeName(u.userType) },
            { key: "status", header: "Status", cell: (u) => u.status },
          ]}
        />
      ) : (
        <p className="rounded bg-white p-6 text-center text-slate-500 shadow-sm">{EMPTY_TEXTS.list}</p>
      )}
    </section>
  );
}
