import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { LinkButton } from "@lib/ui/button";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import type { ListColumn } from "@lib/list/define";
import { loadListPage, requirePermission } from "~/utils/list.server";
import { routeListSource, type RouteRow } from "@modules/trek-routes/index.server";
import { can } from "@modules/permissions";
import { routesPageAction } from "~/utils/routes-page.server";
import { routeDetailUrl, routeEditUrl } from "@modules/trek-routes";
import { routesList } from "@modules/trek-routes/index.ui";
import { useT } from "@lib/i18n/context";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Route" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "routes");
  return {
    list: await loadListPage(routesList, request, routeListSource),
    canManage: can(user, "routesAdd"),
    texts: await pageTexts(request, ["staff", "admin"]),
  };
}

export const action = ({ request }: ActionFunctionArgs) => routesPageAction(request);

export default function RoutesList() {
  const { t } = useT();
  const { list, canManage } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  // Each confirmation is a nested route over the list (route.$routeId.$kind.tsx), with the list's filters.
  const confirmUrl = (kind: "delete" | "disable", id: number) => `/route/${id}/${kind}${search}`;

  const columns: ListColumn<RouteRow>[] = [...routesList.columns];
  if (canManage) {
    columns.push({
      key: "actions",
      header: "Actions",
      className: "whitespace-nowrap",
      cell: (r) => (
        <div className="flex items-center gap-3">
          <Link to={routeEditUrl(r.id)} className="text-blue-700 hover:underline" aria-label={t("Edit {{name}}", { name: r.name })}>
            {t("Edit")}
          </Link>
          {r.status === "Active" ? (
            <Link
              to={confirmUrl("disable", r.id)}
              preventScrollReset
              className="text-amber-700 hover:underline"
              aria-label={t("Disable {{name}}", { name: r.name })}
            >
              {t("Disable")}
            </Link>
          ) : (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="enable" />
              <input type="hidden" name="routeId" value={r.id} />
              <button type="submit" className="text-green-700 hover:underline" aria-label={t("Enable {{name}}", { name: r.name })}>
                {t("Enable")}
              </button>
            </Form>
          )}
          <Link to={confirmUrl("delete", r.id)} preventScrollReset className="text-red-700 hover:underline" aria-label={t("Delete {{name}}", { name: r.name })}>
            {t("Delete")}
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
            {canManage && <LinkButton to="/route-add">{t("Add Route")}</LinkButton>}
          </>
        }
      />
      <ListView definition={routesList} data={list} columns={columns} rowKey={(r) => r.id} rowHref={(r) => routeDetailUrl(r.id)} />

      <Outlet />
    </section>
  );
}
