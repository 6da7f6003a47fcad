import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ExportButton, ListView } from "@lib/ui/list";
import { loadListPage, requirePermission } from "~/utils/list.server";
import { checkinListView } from "@modules/checkins/index.ui";
import { selfScanTrekkersList } from "@modules/checkins/index.server";
import { selfScanSource } from "@modules/checkins/index.server";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Self Scan Trekkers" };

/** Self Scan Trekkers (spec 2 §2): trekkers' own check-ins; the board sees all, TAAN its members' trekkers. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "selfScanTrekkers");
  return {
    list: await loadListPage(selfScanTrekkersList, request, () => selfScanSource(user), { hidden: ["recordedBy"] }),
    texts: await pageTexts(request, ["staff"]),
  };
}

export default function SelfScanTrekkers() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader title="Self Scan Trekkers" actions={<ExportButton to="/self-scan-trekkers/export" fileName={checkinListView.csv.fileName} list={list} />} />
      <ListView definition={checkinListView} data={list} rowKey={(r) => r.id} />
    </section>
  );
}
