import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage, pageTexts, requirePermission } from "~/utils/list.server";
import { pushedChalanList } from "@modules/chalan/index.ui";
import { pushedChalanSource } from "@modules/chalan/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Pushed Chalan Log" };

/** Pushed Chalan Log (spec 2 §2): the rows the ERP accepted. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "chalan");
  return { list: await loadListPage(pushedChalanList, request, pushedChalanSource), texts: await pageTexts(request, ["staff", "money"]) };
}

export default function PushedChalanLog() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader
        title="Pushed Chalan Log"
        breadcrumbs={[{ label: "Pushed Chalan Log" }]}
        actions={<ExportButton to="/pushed-chalanlog/export" fileName={pushedChalanList.csv.fileName} list={list} />}
      />
      <ListView definition={pushedChalanList} data={list} rowKey={(r) => r.id} />
    </section>
  );
}
