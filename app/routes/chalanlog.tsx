import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage, pageTexts, requirePermission } from "~/utils/list.server";
import { chalanErrorList } from "@modules/chalan/index.ui";
import { chalanErrorSource } from "@modules/chalan/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Chalan Error Log" };

/** Chalan Error Log (spec 2 §2): the rows the ERP refused, with its reasons. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "chalan");
  return { list: await loadListPage(chalanErrorList, request, chalanErrorSource), texts: await pageTexts(request, ["staff", "money"]) };
}

export default function ChalanErrorLog() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader
        title="Chalan Error Log"
        breadcrumbs={[{ label: "Chalan Error Log" }]}
        actions={<ExportButton to="/chalanlog/export" fileName={chalanErrorList.csv.fileName} list={list} />}
      />
      <ListView definition={chalanErrorList} data={list} rowKey={(r) => r.id} />
    </section>
  );
}
