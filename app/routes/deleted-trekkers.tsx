import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage, requirePermission } from "~/utils/list.server";
import { deletedTrekkersListView } from "@modules/cards/index.ui";
import { deletedTrekkersList } from "@modules/cards/index.server";
import { deletedTrekkerSource } from "@modules/cards/index.server";

import { pageTexts } from "~/utils/language.server";
export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Deleted Trekkers" };

/** Deleted Trekkers (spec 2 §2): the board only; the records agencies deleted, with remarks, date, who and from where. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "deletedTrekkers");
  return { list: await loadListPage(deletedTrekkersList, request, () => deletedTrekkerSource(user)), texts: await pageTexts(request, ["staff"]) };
}

export default function DeletedTrekkers() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader
        title="Deleted Trekkers"
        actions={<ExportButton to="/deleted-trekkers/export" fileName={deletedTrekkersListView.csv.fileName} list={list} />}
      />
      <ListView definition={deletedTrekkersListView} data={list} rowKey={(r) => r.trekkerId} />
    </section>
  );
}
