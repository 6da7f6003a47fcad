import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useT } from "@lib/i18n/context";
import { Form, useLoaderData } from "@remix-run/react";
import { buttonClass } from "@lib/ui/button";
import { PageHeader } from "@lib/ui/page-header";
import { Pagination } from "@lib/ui/pagination";
import { DataTable } from "@lib/ui/table";
import { displayDateTime } from "@lib/dates";
import { parsePaging } from "@lib/pagination";
import { readForm } from "@lib/multipart.server";
import { USER_TYPES } from "@modules/lookups";
import { can } from "@modules/permissions";
import { SwitchRefusedError, displayNames, endSwitch, listSwitchAudit, searchUsers, startSwitch } from "@modules/users/index.server";
import { forbidden, requireRealUser } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Switch User" };

const typeName = (id: number) => USER_TYPES.find((t) => t.id === id)?.name ?? String(id);

/**
 * Switch user (spec 1 §2.1; issue 17): the board opens the app as another user to see what they
 * see. The switch belongs to this session; every change made meanwhile is audited below, and
 * paying, passwords, e-mails and deletions are refused (guards.server.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, switchedTo } = await requireRealUser(request);
  if (!can(user, "switchUser")) throw forbidden();
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const { pageIndex, pageSize } = parsePaging(params);
  const [found, audit] = await Promise.all([q ? searchUsers(q, 20) : Promise.resolve([]), listSwitchAudit({ offset: pageIndex * pageSize, limit: pageSize })]);
  // Agencies by their organisation's name, as everywhere else.
  const names = await displayNames(found.map((u) => u.id));
  return {
    q,
    switchedTo: switchedTo ? { fullName: switchedTo.organizationName || switchedTo.fullName } : null,
    found: found
      .filter((u) => u.id !== user.id)
      .map((u) => ({ ...u, fullName: names.get(u.id)?.name ?? u.fullName, type: typeName(u.userType), mayOpen: u.status === "Active" && u.userType !== 4 })),
    audit: { ...audit, pageIndex, pageSize },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, session } = await requireRealUser(request);
  if (!can(user, "switchUser")) throw forbidden();
  const form = await readForm(request);
  if (form.get("intent") === "return") {
    await endSwitch(session.id);
    return redirectWithToast("/switch-user", { type: "success", message: "You are back in your own account." });
  }
  const target = Number(form.get("userId"));
  if (!Number.isSafeInteger(target) || target <= 0) throw new Response("Bad Request", { status: 400 });
  try {
    const { fullName } = await startSwitch(session.id, user, target);
    return redirectWithToast("/", { type: "success", message: `You are now viewing the app as ${fullName}.` });
  } catch (error) {
    if (error instanceof SwitchRefusedError) return redirectWithToast("/switch-user", { type: "danger", message: error.message });
    throw error;
  }
}

export default function SwitchUser() {
  const { lng } = useT();
  const { q, switchedTo, found, audit } = useLoaderData<typeof loader>();
  return (
    <section className="max-w-4xl">
      <PageHeader title="Switch User" />
      {switchedTo ? (
        <p className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
          You are viewing the app as {switchedTo.fullName}. Use the banner to return to your account.
        </p>
      ) : null}
      <p className="mb-3 text-sm text-slate-700">
        Open the app as another user to see what they see while helping them. Payments, password and e-mail changes and deletions are refused meanwhile, and
        every change is recorded below with both names.
      </p>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search" aria-label="Find a user">
        <label className="text-sm font-medium" htmlFor="switch-q">
          Name, organisation or e-mail
          <input id="switch-q" name="q" type="search" defaultValue={q} className="mt-1 block w-72 max-w-full rounded border border-slate-300 px-3 py-1.5" />
        </label>
        <button type="submit" className={buttonClass("primary")}>
          Search
        </button>
      </Form>
      {q ? (
        found.length ? (
          <ul aria-label="Users found" className="mb-6 divide-y divide-slate-200 rounded border border-slate-200 bg-white">
            {found.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{u.fullName}</span>{" "}
                  <span className="text-sm text-slate-600">
                    {u.email} · {u.type}
                    {u.status !== "Active" ? ` · ${u.status}` : ""}
                  </span>
                </span>
                {u.mayOpen ? (
                  <Form method="post">
                    <input type="hidden" name="userId" value={u.id} />
                    <button type="submit" className={buttonClass("secondary", "sm")} aria-label={`View as ${u.fullName}`}>
                      View as
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-6 text-sm text-slate-600">No user matches “{q}”.</p>
        )
      ) : null}
      <h2 className="mb-2 text-base font-semibold">Actions taken while switched</h2>
      <DataTable
        rows={audit.rows}
        rowKey={(r) => r.id}
        columns={[
          { key: "at", header: "When", cell: (r) => displayDateTime(r.at, lng) },
          { key: "real", header: "Board user", cell: (r) => r.realUser },
          { key: "acting", header: "Viewing as", cell: (r) => r.actingUser },
          { key: "action", header: "Action", cell: (r) => r.action },
          { key: "path", header: "Page", cell: (r) => <span className="break-all">{r.path}</span> },
        ]}
      />
      <Pagination pageIndex={audit.pageIndex} pageSize={audit.pageSize} totalRows={audit.total} className="mt-4" />
    </section>
  );
}
