import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/button";
import { Pagination } from "~/components/pagination";
import { DataTable } from "~/components/table";
import { displayDate } from "~/utils/dates";
import { parsePaging } from "~/utils/pagination";
import { notFound, requireUserTarget } from "@modules/users/route-guards.server";
import { cardRowsOfUser } from "@modules/registration/card-data.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { target } = await requireUserTarget(request, params);
  if (target.kind !== "fit") throw notFound();
  const search = new URL(request.url).searchParams;
  const routename = (search.get("routename") ?? "").trim().slice(0, 100);
  const { pageIndex, pageSize } = parsePaging(search);
  const { rows, total } = await cardRowsOfUser(target.id, { offset: pageIndex * pageSize, limit: pageSize, route: routename || undefined });
  return { routename, rows, total, pageIndex, pageSize };
}

/** A free trekker's TIMS cards (spec 2 §2 "FIT detail"). */
export default function UserTimsCards() {
  const { routename, rows, total, pageIndex, pageSize } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <label className="text-sm">
          <span className="mb-1 block font-medium text-gray-700">Search</span>
          <input type="search" name="routename" defaultValue={routename} placeholder="Trekking route, then Enter" className="w-72 rounded-md border border-gray-300 px-3 py-2 text-sm" />
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <DataTable
        rows={rows}
        rowKey={(r) => String(r.trekkerId)}
        columns={[
          { key: "id", header: "Id", cell: (r) => r.registrationId },
          { key: "card", header: "Card Number", cell: (r) => r.cardNumber ?? "—" },
          { key: "name", header: "Trekker", cell: (r) => r.fullName },
          { key: "route", header: "Trekking Route", cell: (r) => r.routeName },
          { key: "registered", header: "Regd. Date", cell: (r) => displayDate(r.registeredAt) },
          { key: "status", header: "Status", cell: (r) => r.status },
        ]}
      />
      <Pagination pageIndex={pageIndex} pageSize={pageSize} totalRows={total} />
    </div>
  );
}
