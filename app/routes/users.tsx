import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { LinkButton } from "@lib/ui/button";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { Tabs } from "@lib/ui/tabs";
import { forbidden, loadListPage, requirePermission } from "~/utils/list.server";
import { USERS_TAB_HIDDEN, usersList } from "@modules/users/index.ui";
import { can, resolveTab, userListSource, visibleTabs } from "@modules/users/index.server";
import { useT } from "@lib/i18n/context";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Users" };

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, "users");
  // Row rule: a tab the viewer may not see (TAAN asking for NTB) is refused, not silently swapped.
  const tab = resolveTab(viewer, new URL(request.url).searchParams.get("tab"));
  if (tab === "forbidden") throw forbidden();
  return {
    tabs: visibleTabs(viewer).map((t) => ({ id: t.id, label: t.label })),
    tab: tab.id,
    list: await loadListPage(usersList, request, () => userListSource(tab), { hidden: USERS_TAB_HIDDEN[tab.id] }),
    canAdd: can(viewer, "addUser"),
    texts: await pageTexts(request, ["staff", "admin"]),
  };
}

export default function Users() {
  const { t } = useT();
  const { tabs, tab, list, canAdd } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section>
      <PageHeader
        title="Users"
        actions={
          <div className="flex items-start gap-2">
            <ExportButton to="/users/export" fileName={usersList.csv.fileName} list={list} />
            {canAdd ? (
              <LinkButton to={`/users/add${location.search}`} preventScrollReset>
                {t("Add User")}
              </LinkButton>
            ) : null}
          </div>
        }
      />
      <Tabs tabs={tabs.map((t) => ({ label: t.label, to: `/users?tab=${t.id}`, active: t.id === tab }))} label="User types" />
      <div className="mt-4">
        <ListView
          definition={usersList}
          data={list}
          rowKey={(r) => r.id}
          rowHref={(r) => r.href}
          caption={t("{{tab}} users", { tab: t(tabs.find((x) => x.id === tab)?.label ?? "") })}
        />
      </div>
      <Outlet />
    </section>
  );
}
