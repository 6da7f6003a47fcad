import type { RouteHandle } from "~/root";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { ListView } from "@lib/ui/list";
import { loadListPage, requirePermission } from "~/utils/list.server";
import { overdueCaseList } from "@modules/overdue/index.ui";
import { openCaseSource } from "@modules/overdue/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// A document page (ADR 0043): server-rendered HTML and the document script, no React; a rescue
// coordinator may open it on a phone in the field, and everything on it works as plain forms and links.
export const handle: RouteHandle = { title: "Overdue Cases", page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

/** Every open escalation case the viewer may see (issue 29), with its age: the board all, TAAN its members', an agency its own. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "overdueCases");
  return { list: await loadListPage(overdueCaseList, request, () => openCaseSource(user)) };
}

export default function OverdueCases() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHeader title="Overdue Cases" breadcrumbs={[{ label: "Overdue Cases" }]} />
      <ListView definition={overdueCaseList} data={list} rowKey={(r) => r.id} />
    </section>
  );
}
