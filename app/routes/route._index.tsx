import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Button, LinkButton } from "@lib/ui/button";
import { ConfirmDialog } from "@lib/ui/modal";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import type { ListColumn } from "@lib/list/define";
import { requirePermission } from "~/utils/guards.server";
import { loadListPage } from "~/utils/list.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { redirectWithToast } from "~/utils/toast.server";
import { routeActionSchema } from "@modules/trek-routes/index.server";
import { routeInUse } from "@modules/registry.server";
import { deleteRoute, findRouteSummary, routeListSource, setRouteStatus, type RouteRow } from "@modules/trek-routes/index.server";
import { routeDetailUrl, routeEditUrl } from "@modules/trek-routes";
import { routesList } from "@modules/trek-routes/index.lists";
import { can } from "@modules/users/index.server";
import { parseWithZod } from "@lib/zod-form.server";
import { readForm } from "@lib/multipart.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

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
  const list = await loadListPage(routesList, request, routeListSource);
  const canManage = can(user, "routesAdd");

  // The confirmation is part of the URL, so it works as a plain page without JavaScript.
  const confirmKind = url.searchParams.get("confirm");
  const confirmId = Number(url.searchParams.get("routeId"));
  const confirmRoute =
    canManage && (confirmKind === "delete" || confirmKind === "disable") ? await findRouteSummary(confirmId) : null;

  return {
    list,
    canManage,
    confirm: confirmRoute ? { kind: confirmKind as "delete" | "disable", id: confirmRoute.id, name: confirmRoute.name } : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "routesAdd");
  const url = new URL(request.url);
  const submission = parseWithZod(await readForm(request), { schema: routeActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { intent, routeId } = submission.value;
  const back = listUrl(url);
  if (intent === "delete") {
    return withDomainErrors(
      async () => {
        if (!(await deleteRoute(routeId, routeInUse))) return redirectWithToast(back, { type: "danger", message: "Route not found" });
        return redirectWithToast(back, { type: "success", message: "Route Deleted Successfully" });
      },
      { redirectTo: back, toastType: "danger" },
    );
  }
  const updated = await setRouteStatus(routeId, intent === "enable" ? "Active" : "Disable");
  if (!updated) return redirectWithToast(back, { type: "danger", message: "Route not found" });
  return redirectWithToast(back, { type: "success", message: "Route Status Updated" });
}



export default function RoutesList() {
  const { list, canManage, confirm } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = new URL(`http://x${location.pathname}${location.search}`);
  const confirmUrl = (kind: string, id: number) => listUrl(here, { confirm: kind, routeId: String(id) });
  const closeTo = listUrl(here);

  const columns: ListColumn<RouteRow>[] = [...routesList.columns];
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
            <ExportButton to="/route/export" fileName={routesList.csv.fileName} list={list} />
            {canManage && <LinkButton to="/route-add">Add Route</LinkButton>}
          </>
        }
      />
      <ListView definition={routesList} data={list} columns={columns} rowKey={(r) => r.id} rowHref={(r) => routeDetailUrl(r.id)} />

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
