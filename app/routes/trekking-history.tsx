import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { LinkButton } from "~/components/button";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { DataTable } from "~/components/table";
import { displayDate } from "~/utils/dates";
import { requirePermission } from "~/utils/guards.server";
import { parsePaging } from "~/utils/pagination";
import { listHistory } from "@modules/registration/service.server";

export const handle = { title: "Trekking History" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "trekkingHistory");
  const { pageIndex, pageSize } = parsePaging(new URL(request.url).searchParams);
  const { rows, total } = await listHistory(user.id, { offset: pageIndex * pageSize, limit: pageSize });
  return { rows, total, pageIndex, pageSize };
}

export default function TrekkingHistory() {
  const { rows, total, pageIndex, pageSize } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader title="Trekking History" actions={<LinkButton to="/new-register">Register new trek</LinkButton>} />
      <DataTable
        rows={rows}
        rowKey={(r) => String(r.trekkerId)}
        columns={[
          { key: "id", header: "Id", cell: (r) => r.registrationId },
          { key: "area", header: "Trekking Area", cell: (r) => r.routeName },
          { key: "date", header: "Trekking Date", cell: (r) => `${displayDate(r.entryDate)} - ${displayDate(r.exitDate)}` },
          {
            key: "card",
            header: "TIMS Card",
            cell: (r) => (
              <Link to={`/trekking-history/${r.trekkerId}`} className="text-blue-700 underline">
                View
              </Link>
            ),
          },
          { key: "status", header: "Trek Status", cell: (r) => r.status },
          {
            key: "revisit",
            header: "Revisit",
            cell: (r) => (
              <LinkButton to={`/new-register?regId=${r.registrationId}`} size="sm" variant="secondary">
                Revisit
              </LinkButton>
            ),
          },
        ]}
      />
      <Pagination pageIndex={pageIndex} pageSize={pageSize} totalRows={total} className="mt-4" />
      <Outlet />
    </section>
  );
}
