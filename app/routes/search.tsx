import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DataTable, EMPTY_TEXTS } from "@lib/ui/table";
import { searchText } from "@lib/list/define";
import { requireUser } from "~/utils/guards.server";
import { USER_TYPES } from "@modules/lookups";
import { cardNumberText } from "@modules/cards";
import { searchTrekkersFor } from "@modules/cards/index.server";
import { can, detailPath, searchUsers } from "@modules/users/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Search" };

const MAX_QUERY = 100;

/**
 * The header search (spec 1 §2.3): trekkers by name, passport, card number or registration id,
 * within the viewer's own rows (the cards module scopes them), and accounts for those who manage
 * users. Each result links to its panel or page. A plain GET, so it works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const q = searchText(new URL(request.url).searchParams.get("q"), MAX_QUERY);
  if (!q) return { q, trekkers: [], users: [], searchesUsers: can(user, "users") };
  const [trekkers, users] = await Promise.all([
    searchTrekkersFor(user, q),
    can(user, "users") ? searchUsers(q).then((rows) => rows.map((u) => ({ ...u, href: detailPath(u) }))) : Promise.resolve([]),
  ]);
  return { q, trekkers, users, searchesUsers: can(user, "users") };
}

const typeName = (id: number) => USER_TYPES.find((t) => t.id === id)?.name ?? String(id);

export default function Search() {
  const { q, trekkers, users, searchesUsers } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-6">
      {/* The header's box is hidden on a phone; this one is always here. */}
      <Form method="get" role="search" aria-label="Search" className="flex flex-wrap gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={MAX_QUERY}
          placeholder={searchesUsers ? "Trekker, passport, card number, registration id, user" : "Trekker, passport, card number, registration id"}
          className="min-w-0 flex-1 rounded border border-slate-300 px-3 py-2 text-sm"
        />
        <button type="submit" className="rounded bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
          Search
        </button>
      </Form>
      {!q ? (
        <p className="text-slate-600">
          Type a trekker's name, a passport, a card number or a registration id{searchesUsers ? ", or a user's name or e-mail," : ""} and press Enter.
        </p>
      ) : (
        <>
          <section className="space-y-3" aria-labelledby="search-trekkers">
            <h2 id="search-trekkers" className="text-lg font-semibold">
              Trekkers matching “{q}”
            </h2>
            {trekkers.length ? (
              <DataTable
                rows={trekkers}
                columns={[
                  {
                    key: "name",
                    header: "Trekker",
                    cell: (t) => (
                      <Link to={t.href} className="text-blue-700 underline">
                        {t.fullName}
                      </Link>
                    ),
                  },
                  { key: "card", header: "Card Number", cell: (t) => cardNumberText(t.cardNumber) },
                  { key: "reg", header: "Registration", cell: (t) => t.registrationId },
                  { key: "route", header: "Trekking Area", cell: (t) => t.routeName },
                  { key: "status", header: "Card Status", cell: (t) => t.status },
                ]}
              />
            ) : (
              <p className="rounded bg-white p-6 text-center text-slate-600 shadow-sm">{EMPTY_TEXTS.list}</p>
            )}
          </section>
          {searchesUsers ? (
            <section className="space-y-3" aria-labelledby="search-users">
              <h2 id="search-users" className="text-lg font-semibold">
                Users matching “{q}”
              </h2>
              {users.length ? (
                <DataTable
                  rows={users}
                  columns={[
                    {
                      key: "name",
                      header: "Name",
                      cell: (u) => (
                        <Link to={u.href} className="text-blue-700 underline">
                          {u.fullName}
                        </Link>
                      ),
                    },
                    { key: "email", header: "Email", cell: (u) => u.email },
                    { key: "type", header: "User Type", cell: (u) => typeName(u.userType) },
                    { key: "status", header: "Status", cell: (u) => u.status },
                  ]}
                />
              ) : (
                <p className="rounded bg-white p-6 text-center text-slate-600 shadow-sm">{EMPTY_TEXTS.list}</p>
              )}
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}
