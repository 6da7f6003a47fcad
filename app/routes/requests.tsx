import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { LinkButton } from "~/components/button";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { DataTable } from "~/components/table";
import { Tabs } from "~/components/tabs";
import { displayDate } from "~/utils/dates";
import { requirePermission } from "~/utils/guards.server";
import { parsePaging } from "~/utils/pagination";
import { listAgencyRequests } from "@modules/agencies/service.server";
import { AGENCY_REQUEST_STATUSES, type AgencyRequestStatus } from "@modules/users/agency-status";
import { parseRequestFilters } from "@modules/agencies/filters";
import { can } from "@modules/users/permission-table";

export const handle = { title: "Requests" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "requests");
  const params = new URL(request.url).searchParams;
  const { pageIndex, pageSize } = parsePaging(params);
  const filters = parseRequestFilters(params);
  const { rows, total } = await listAgencyRequests({ ...filters, offset: pageIndex * pageSize, limit: pageSize });
  return { rows, total, pageIndex, pageSize, filters, showVouchers: can(user, "requestsVouchers") };
}

const STATUS_LABEL: Record<AgencyRequestStatus, string> = Object.fromEntries(AGENCY_REQUEST_STATUSES.map((s) => [s.value, s.label])) as Record<AgencyRequestStatus, string>;
const STATUS_STYLE: Record<AgencyRequestStatus, string> = {
  pending: "bg-amber-100 text-amber-800",
  approved: "bg-green-100 text-green-800",
  rejected: "bg-red-100 text-red-800",
  document_pending: "bg-slate-100 text-slate-700",
};

export default function Requests() {
  const { rows, total, pageIndex, pageSize, filters, showVouchers } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const exportParams = new URLSearchParams(params);
  exportParams.delete("pageindex");
  return (
    <section>
      <PageHeader title="Requests" actions={<LinkButton to={`/requests/export?${exportParams}`} reloadDocument variant="secondary">Export</LinkButton>} />
      <Tabs
        tabs={[{ label: "Trekking Agency", to: "/requests", active: true }, ...(showVouchers ? [{ label: "Voucher", to: "/requests/vouchers" }] : [])]}
        label="Request types"
      />
      <Form method="get" className="my-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="pageSize" value={pageSize} />
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">Status</span>
          <select name="status" defaultValue={filters.status ?? ""} className="rounded-md border border-slate-300 px-3 py-2 text-sm">
            <option value="">All</option>
            {AGENCY_REQUEST_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">Search</span>
          <input
            type="search"
            name="name"
            defaultValue={filters.search ?? ""}
            placeholder="Company, e-mail or address, then Enter"
            className="w-72 rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white">
          Filter
        </button>
      </Form>
      <DataTable
        rows={rows}
        rowKey={(r) => String(r.id)}
        rowHref={(r) => `/requests/${r.id}`}
        columns={[
          {
            key: "status",
            header: "Status",
            cell: (r) => <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[r.requestStatus]}`}>{STATUS_LABEL[r.requestStatus]}</span>,
          },
          { key: "company", header: "Company Name", cell: (r) => r.organizationName ?? r.fullName },
          { key: "email", header: "Email", cell: (r) => r.email },
          { key: "address", header: "Address", cell: (r) => r.contactAddress ?? "" },
          { key: "date", header: "Regd. Date", cell: (r) => displayDate(r.createdAt) },
        ]}
      />
      <Pagination pageIndex={pageIndex} pageSize={pageSize} totalRows={total} className="mt-4" />
    </section>
  );
}
