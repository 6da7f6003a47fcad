import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { DataTable } from "~/components/table";
import { displayDate } from "~/utils/dates";
import { requirePermission } from "~/utils/guards.server";
import { parsePaging } from "~/utils/pagination";
import { cardRowsOfUser } from "@modules/registration/card-data.server";

export const handle = { title: "TIMS Cards" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "timsCards");
  const params = new URL(request.url).searchParams;
  const { pageIndex, pageSize } = parsePaging(params);
  const route = params.get("routename")?.trim().slice(0, 100) || undefined;
  const { rows, total } = await cardRowsOfUser(user.id, { offset: pageIndex * pageSize, limit: pageSize, route });
  return { rows, total, pageIndex, pageSize, route };
}

export default function TimsCards() {
  const { rows, total, pageIndex, pageSize, route } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader title="TIMS Cards" />
      <Form method="get" className="mb-4 flex gap-2 text-sm">
        <input type="search" name="routename" defaultValue={route ?? ""} placeholder="Search by route name, then Enter" aria-label="Search by route name" className="w-72 rounded-md border border-slate-300 px-3 py-2" />
        <input type="hidden" name="pageSize" value={pageSize} />
      </Form>
      <DataTable
        rows={rows}
        rowKey={(r) => String(r.trekkerId)}
        columns={[
          { key: "id", header: "Id", cell: (r) => r.registrationId },
          {
            key: "card",
            header: "Card Number",
            cell: (r) => (
              <Link to={`/tims-cards/${r.trekkerId}/panel`} className="text-blue-700 underline">
                {r.cardNumber ?? `Trekker ${r.fullName}`}
              </Link>
            ),
          },
          { key: "name", header: "Trekker", cell: (r) => r.fullName },
          { key: "route", header: "Trekking Route", cell: (r) => r.routeName },
          { key: "date", header: "Regd. Date", cell: (r) => displayDate(r.registeredAt) },
          { key: "status", header: "Status", cell: (r) => r.status },
        ]}
      />
      <Pagination pageIndex={pageIndex} pageSize={pageSize} totalRows={total} className="mt-4" />
      <Outlet />
    </section>
  );
}
