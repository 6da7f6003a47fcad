import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Button, LinkButton } from "~/components/button";
import { ConfirmDialog } from "~/components/modal";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { DataTable, type DataTableColumn } from "~/components/table";
import { requirePermission } from "~/utils/guards.server";
import { clampPageIndex, pageCount, parsePaging } from "~/utils/pagination";
import { redirectWithToast } from "~/utils/toast.server";
import { listLookup } from "@modules/lookups/service.server";
import { routeActionSchema } from "@modules/trek-routes/schemas";
import { deleteRoute, findRouteSummary, listRoutes, RouteInUseError, setRouteStatus } from "@modules/trek-routes/service.server";
import { routeDetailUrl, routeEditUrl } from "@modules/trek-routes/urls";
import { can } from "@modules/users/permission-table";
import { parseWithZod } from "@conform-to/zod/v4";

export const handle = { title: "Route" };

/** Query parameters that open a confirmation over the list; dropped when it closes. */
const CONFIRM_PARAMS = ["confirm", "routeId", "index"];

function listUrl(url: URL, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(url.search);
  for (const key of CONFIRM_PARAMS) params.delete(key);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return `/route${search ? `?${search}` : ""}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "routes");
  const url = new URL(request.url);
  const name = url.searchParams.get("name")?.trim() ?? "";
  const paging = parsePaging(url.searchParams);
  let { rows, total } = await listRoutes({ name, offset: paging.pageIndex * paging.pageSize, limit: paging.pageSize });
  const pageIndex = clampPageIndex(paging.pageIndex, pageCount(total, paging.pageSize));
  if (pageIndex !== paging.pageIndex && total > 0) {
    ({ rows, total } = await listRoutes({ name, offset: pageIndex * paging.pageSize, limit: paging.pageSize }));
  }
  const canManage = can(user, "routesAdd");
  const provinces = new Map((await listLookup("provinces")).map((p) => [Number(p.id), p.name]));

  // The confirmation is part of the URL, so it works as a plain page without JavaScript.
  const confirmKind = url.searchParams.get("confirm");
  const confirmId = Number(url.searchParams.get("routeId"));
  const confirmRoute =
    canManage && (confirmKind === "delete" || confirmKind === "disable") ? await findRouteSummary(confirmId) : null;

  return {
    name,
    paging: { pageIndex, pageSize: paging.pageSize, total },
    rows: rows.map((r) => ({ ...r, province: provinces.get(r.provinceId) ?? "" })),
    canManage,
    confirm: confirmRoute ? { kind: confirmKind as "delete" | "disable", id: confirmRoute.id, name: confirmRoute.name } : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "routesAdd");
  const url = new URL(request.url);
  const submission = parseWithZod(await request.formData(), { schema: routeActionSchema });
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { intent, routeId } = submission.value;
  const back = listUrl(url);
  if (intent === "delete") {
    try {
      if (!(await deleteRoute(routeId))) return redirectWithToast(back, { type: "danger", message: "Route not found" });
    } catch (error) {
      if (error instanceof RouteInUseError) return redirectWithToast(back, { type: "danger", message: error.message });
      throw error;
    }
    return redirectWithToast(back, { type: "success", message: "Route Deleted Successfully" });
  }
  const updated = await setRouteStatus(routeId, intent === "enable" ? "Active" : "Disable");
  if (!updated) return redirectWithToast(back, { type: "danger", message: "Route not found" });
  return redirectWithToast(back, { type: "success", message: "Route Status Updated" });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function RoutesList() {
  const { name, paging, rows, canManage, confirm } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = new URL(`http://x${location.pathname}${location.search}`);
  const confirmUrl = (kind: string, id: number) => listUrl(here, { confirm: kind, routeId: String(id) });
  const closeTo = listUrl(here);
  const exportParams = new URLSearchParams(name ? { name } : {});

  const columns: DataTableColumn<Row>[] = [
    { key: "name", header: "Route Name", cell: (r) => r.name },
    { key: "province", header: "Province", cell: (r) => r.province },
    { key: "start", header: "Start Point", cell: (r) => r.startPoint },
    { key: "end", header: "End Point", cell: (r) => r.endPoint },
    {
      key: "status",
      header: "Status",
      cell: (r) => (
        <span className={r.status === "Active" ? "rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800" : "rounded bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-700"}>
          {r.status}
        </span>
      ),
    },
  ];
  if (canManage) {
    columns.push({
      key: "actions",
      header: "Actions",
      className: "whitespace-nowrap",
      cell: (r) => (
        <div className="flex items-center gap-3">
          <Link to={routeEditUrl(r.id)} className="text-blue-700 hover:underline" aria-label={`Edit ${r.name}`}>
            Edit
          </Link>
          {r.status === "Active" ? (
            <Link to={confirmUrl("disable", r.id)} preventScrollReset className="text-amber-700 hover:underline" aria-label={`Disable ${r.name}`}>
              Disable
            </Link>
          ) : (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="enable" />
              <input type="hidden" name="routeId" value={r.id} />
              <button type="submit" className="text-green-700 hover:underline" aria-label={`Enable ${r.name}`}>
                Enable
              </button>
            </Form>
          )}
          <Link to={confirmUrl("delete", r.id)} preventScrollReset className="text-red-700 hover:underline" aria-label={`Delete ${r.name}`}>
            Delete
          </Link>
        </div>
      ),
    });
  }

  return (
    <section>
      <PageHeader
        title="Routes"
        breadcrumbs={[{ label: "Routes" }]}
        actions={
          <>
            <a href={`/route/export${exportParams.size ? `?${exportParams}` : ""}`} download className="inline-flex items-center rounded-md bg-white px-4 py-2 text-sm font-medium text-gray-900 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50">
              Export
            </a>
            {canManage && <LinkButton to="/route-add">Add Route</LinkButton>}
          </>
        }
      />
      <Form method="get" role="search" className="mb-4 flex max-w-md gap-2">
        <input type="hidden" name="pageSize" value={paging.pageSize} />
        <label htmlFor="route-search" className="sr-only">
          Search by route name
        </label>
        <input
          id="route-search"
          type="search"
          name="name"
          defaultValue={name}
          placeholder="Search by route name (press Enter)"
          className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm focus:border-blue-700 focus:ring-2 focus:ring-blue-700/30 focus:outline-none"
        />
        <Button type="submit" variant="secondary" className="sr-only focus:not-sr-only">
          Search
        </Button>
      </Form>
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} rowHref={(r) => routeDetailUrl(r.id)} />
      <Pagination className="mt-4" pageIndex={paging.pageIndex} pageSize={paging.pageSize} totalRows={paging.total} />

      {confirm?.kind === "delete" && (
        <ConfirmDialog title="Delete Route" message={`Delete the route "${confirm.name}"? You won't be able to revert this.`} closeTo={closeTo}>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="routeId" value={confirm.id} />
            <Button type="submit" variant="danger">
              Delete
            </Button>
          </Form>
        </ConfirmDialog>
      )}
      {confirm?.kind === "disable" && (
        <ConfirmDialog title="Disable Route" message={`Disable the route "${confirm.name}"? It will no longer be offered for new registrations.`} closeTo={closeTo}>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="disable" />
            <input type="hidden" name="routeId" value={confirm.id} />
            <Button type="submit" variant="danger">
              Disable
            </Button>
          </Form>
        </ConfirmDialog>
      )}
    </section>
  );
}
