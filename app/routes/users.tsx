import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { Button, LinkButton } from "~/components/button";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { DataTable, type DataTableColumn } from "~/components/table";
import { Tabs } from "~/components/tabs";
import { displayDate } from "~/utils/dates";
import { forbidden, requirePermission } from "~/utils/guards.server";
import { clampPageIndex, pageCount, parsePaging } from "~/utils/pagination";
import { listUsers, type UserListRow } from "@modules/users/directory.server";
import { parseUserStatus, resolveTab, USER_STATUSES, visibleTabs, type UsersTab } from "@modules/users/kinds";
import { can } from "@modules/users/permission-table";

export const handle = { title: "Users" };

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, "users");
  const params = new URL(request.url).searchParams;
  // Row rule: a tab the viewer may not see (TAAN asking for NTB) is refused, not silently swapped.
  const tab = resolveTab(viewer, params.get("tab"));
  if (tab === "forbidden") throw forbidden();
  const { pageIndex, pageSize } = parsePaging(params);
  const search = (params.get("username") ?? "").trim().slice(0, 100);
  const status = parseUserStatus(params.get("status"));
  const query = { userTypes: tab.userTypes, search, status, limit: pageSize };
  let list = await listUsers({ ...query, offset: pageIndex * pageSize });
  const lastPage = clampPageIndex(pageIndex, pageCount(list.total, pageSize));
  if (list.total > 0 && lastPage !== pageIndex) list = await listUsers({ ...query, offset: lastPage * pageSize });
  return {
    tabs: visibleTabs(viewer).map((t) => ({ id: t.id, label: t.label })),
    tab: tab.id,
    search,
    status: status ?? "",
    rows: list.rows,
    total: list.total,
    pageIndex: list.total > 0 ? lastPage : 0,
    pageSize,
    canAdd: can(viewer, "addUser"),
  };
}

type Column = DataTableColumn<UserListRow>;
const name: Column = { key: "name", header: "Full Name", cell: (r) => r.fullName };
const email: Column = { key: "email", header: "Email", cell: (r) => r.email };
const registered: Column = { key: "registered", header: "Register Date", cell: (r) => displayDate(r.registerDate) };
const status: Column = {
  key: "status",
  header: "Status",
  cell: (r) => (
    <span className={`rounded px-2 py-0.5 text-xs font-medium ${r.status === "Active" ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800"}`}>
      {r.status}
    </span>
  ),
};
const remarks: Column = { key: "remarks", header: "Remarks", cell: (r) => r.remarks ?? "" };

/** Spec 2 §3 users list row, per tab. */
const COLUMNS: Record<UsersTab, Column[]> = {
  ntb: [name, email, registered, status, remarks],
  taan: [name, email, registered, status, remarks],
  agency: [
    { key: "name", header: "Agency Name", cell: (r) => r.agencyName ?? r.fullName },
    email,
    { key: "address", header: "Contact Address", cell: (r) => r.contactAddress ?? "" },
    { key: "country", header: "Country", cell: (r) => r.countryName ?? "" },
    { key: "type", header: "Type", cell: (r) => (r.userType === 2 ? "Organization" : "Individual") },
    registered,
    status,
    remarks,
  ],
  checkpost: [
    name,
    email,
    { key: "route", header: "Route", cell: (r) => r.routeName ?? "" },
    { key: "checkpost", header: "Checkpost", cell: (r) => r.checkpostName ?? "" },
    registered,
    status,
    remarks,
  ],
};

export default function Users() {
  const { tabs, tab, search, status: statusFilter, rows, total, pageIndex, pageSize, canAdd } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section>
      <PageHeader
        title="Users"
        actions={
          canAdd ? (
            <LinkButton to={`/users/add${location.search}`} preventScrollReset>
              Add User
            </LinkButton>
          ) : null
        }
      />
      <Tabs tabs={tabs.map((t) => ({ label: t.label, to: `/users?tab=${t.id}`, active: t.id === tab }))} label="User types" />
      {/* A GET form: Enter in the search box searches, and the filters live in the URL. */}
      <Form method="get" action="/users" className="my-4 flex flex-wrap items-end gap-3" role="search">
        <input type="hidden" name="tab" value={tab} />
        <input type="hidden" name="pageSize" value={pageSize} />
        <label className="text-sm">
          <span className="mb-1 block font-medium text-gray-700">Search</span>
          <input
            type="search"
            name="username"
            defaultValue={search}
            placeholder="Name or e-mail, then Enter"
            className="w-72 rounded-md border border-gray-300 px-3 py-2 text-sm"
          />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-gray-700">Status</span>
          <select name="status" defaultValue={statusFilter} className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm">
            <option value="">All</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <DataTable rows={rows} rowKey={(r) => r.id} rowHref={(r) => r.href} columns={COLUMNS[tab]} caption={`${tabs.find((t) => t.id === tab)?.label} users`} />
      <Pagination pageIndex={pageIndex} pageSize={pageSize} totalRows={total} className="mt-4" />
      <Outlet />
    </section>
  );
}
