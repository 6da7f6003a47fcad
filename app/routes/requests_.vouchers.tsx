import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useSearchParams } from "@remix-run/react";
import { LinkButton } from "~/components/button";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { DataTable } from "~/components/table";
import { Tabs } from "~/components/tabs";
import { displayDate } from "~/utils/dates";
import { requirePermission } from "~/utils/guards.server";
import { parsePaging } from "~/utils/pagination";
import { formatNrs } from "@modules/registration/fees";
import { VOUCHER_STATUSES } from "@modules/payments/schemas";
import { listVouchers, type VoucherQuery } from "@modules/payments/vouchers.server";
import { listRouteChoices } from "@modules/trek-routes/service.server";

export const handle = { title: "Requests" };

export function voucherQuery(params: URLSearchParams): Omit<VoucherQuery, "offset" | "limit"> {
  const status = params.get("status");
  return {
    status: (VOUCHER_STATUSES as readonly string[]).includes(status ?? "") ? (status as VoucherQuery["status"]) : undefined,
    route: params.get("route")?.trim() || undefined,
    search: params.get("name")?.trim().slice(0, 100) || undefined,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "requestsVouchers");
  const params = new URL(request.url).searchParams;
  const { pageIndex, pageSize } = parsePaging(params);
  const filters = voucherQuery(params);
  const [{ rows, total }, routes] = await Promise.all([listVouchers({ ...filters, offset: pageIndex * pageSize, limit: pageSize }), listRouteChoices()]);
  return { rows, total, pageIndex, pageSize, filters, routes: routes.map((r) => r.name) };
}

export default function Vouchers() {
  const { rows, total, pageIndex, pageSize, filters, routes } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const exportParams = new URLSearchParams(params);
  exportParams.delete("pageindex");
  return (
    <section>
      <PageHeader title="Requests" actions={<LinkButton to={`/requests/vouchers/export?${exportParams}`} reloadDocument variant="secondary">Export</LinkButton>} />
      <Tabs label="Request types" tabs={[{ label: "Trekking Agency", to: "/requests" }, { label: "Voucher", to: "/requests/vouchers", active: true }]} />
      <Form method="get" className="my-4 flex flex-wrap items-end gap-3 text-sm">
        <input type="hidden" name="pageSize" value={pageSize} />
        <label>
          <span className="mb-1 block font-medium text-slate-700">Status</span>
          <select name="status" defaultValue={filters.status ?? ""} className="rounded-md border border-slate-300 px-3 py-2">
            <option value="">All</option>
            {VOUCHER_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          <span className="mb-1 block font-medium text-slate-700">Trekking Route</span>
          <select name="route" defaultValue={filters.route ?? ""} className="rounded-md border border-slate-300 px-3 py-2">
            <option value="">All</option>
            {routes.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <label>
          <span className="mb-1 block font-medium text-slate-700">Search</span>
          <input type="search" name="name" defaultValue={filters.search ?? ""} placeholder="Invoice or agency, then Enter" className="w-64 rounded-md border border-slate-300 px-3 py-2" />
        </label>
        <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 font-medium text-white">
          Filter
        </button>
      </Form>
      <DataTable
        rows={rows}
        rowKey={(r) => String(r.id)}
        rowHref={(r) => `/requests/vouchers/${r.id}?${params}`}
        columns={[
          { key: "invoice", header: "Invoice ID", cell: (r) => r.invoiceId },
          { key: "status", header: "Status", cell: (r) => r.status },
          { key: "agency", header: "Agency", cell: (r) => r.payer },
          { key: "route", header: "Trekking Route", cell: (r) => r.routeName },
          { key: "amount", header: "Amount", cell: (r) => formatNrs(r.amountPaisa) },
          { key: "date", header: "Payment Date", cell: (r) => displayDate(r.paymentDate) },
        ]}
      />
      <Pagination pageIndex={pageIndex} pageSize={pageSize} totalRows={total} className="mt-4" />
      <Outlet />
    </section>
  );
}
