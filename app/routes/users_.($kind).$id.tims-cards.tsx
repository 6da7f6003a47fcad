import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/button";
import { DataTable } from "~/components/table";
import { notFound, requireUserTarget } from "@modules/users/route-guards.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { target } = await requireUserTarget(request, params);
  if (target.kind !== "fit") throw notFound();
  const routename = (new URL(request.url).searchParams.get("routename") ?? "").slice(0, 100);
  // The cards module fills this list in; until cards exist a trekker has none.
  return { routename, rows: [] as { id: number; cardNumber: string; route: string; registered: string; status: string }[] };
}

/** A free trekker's TIMS cards (spec 2 §2 "FIT detail"). */
export default function UserTimsCards() {
  const { routename, rows } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <label className="text-sm">
          <span className="mb-1 block font-medium text-gray-700">Search</span>
          <input
            type="search"
            name="routename"
            defaultValue={routename}
            placeholder="Trekking route, then Enter"
            className="w-72 rounded-md border border-gray-300 px-3 py-2 text-sm"
          />
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <DataTable
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { key: "id", header: "Id", cell: (r) => r.id },
          { key: "card", header: "Card Number", cell: (r) => r.cardNumber },
          { key: "route", header: "Trekking Route", cell: (r) => r.route },
          { key: "registered", header: "Regd. Date", cell: (r) => r.registered },
          { key: "status", header: "Status", cell: (r) => r.status },
        ]}
      />
    </div>
  );
}
