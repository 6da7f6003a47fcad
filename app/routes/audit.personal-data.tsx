import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { RouteHandle } from "~/root";
import { displayDateTime, isIsoDate } from "@lib/dates";
import { parsePaging } from "@lib/pagination";
import { PageHeader } from "@lib/ui/page-header";
import { Pagination } from "@lib/ui/pagination";
import { DataTable } from "@lib/ui/table";
import { requirePermission } from "~/utils/guards.server";
import { PERSONAL_DATA_PLACE_LABELS, isPersonalDataPlace } from "@modules/privacy";
import { listPersonalDataViews, personalDataViewers, type ViewRow } from "@modules/privacy/index.server";
import { useT } from "@lib/i18n/context";
import { Say } from "@lib/ui/table";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document", title: "Personal Data Log" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";
export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

/** The board's log of staff views of trekkers' personal data (issue 31 item 5), newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "personalDataAudit");
  const search = new URL(request.url).searchParams;
  const userId = Number(search.get("user"));
  const filters = {
    userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
    from: isIsoDate(search.get("from")) ? search.get("from") : null,
    to: isIsoDate(search.get("to")) ? search.get("to") : null,
  };
  const paging = parsePaging(search);
  const [page, viewers] = await Promise.all([
    listPersonalDataViews(filters, { offset: paging.pageIndex * paging.pageSize, limit: paging.pageSize }),
    personalDataViewers(),
  ]);
  return { ...page, viewers, filters, pageIndex: paging.pageIndex, pageSize: paging.pageSize };
}

/** "12 rows" in the page's language (its count in the page's digits). */
function RowCount({ count }: { count: number }) {
  const { t } = useT();
  return <>{t("{{count}} rows", { count })}</>;
}

// Headers are translated where the table shows them; a place is one of the app's words (<Say>).
const columns = [
  { key: "at", header: "When", cell: (r: ViewRow) => displayDateTime(r.viewedAt) },
  { key: "user", header: "Who", cell: (r: ViewRow) => r.userName },
  { key: "place", header: "Where", cell: (r: ViewRow) => (isPersonalDataPlace(r.place) ? <Say text={PERSONAL_DATA_PLACE_LABELS[r.place]} /> : r.place) },
  { key: "trekkers", header: "Trekkers", cell: (r: ViewRow) => r.trekkerIds || <RowCount count={r.rowCount} /> },
  { key: "filter", header: "Filter", cell: (r: ViewRow) => r.filter },
];

export default function PersonalDataLog() {
  const { rows, total, viewers, filters, pageIndex, pageSize } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section className="space-y-4">
      <PageHeader title="Personal Data Log" />
      <form method="get" className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm">
        <label className="text-sm">
          <span className="block text-gray-700">{t("User")}</span>
          <select name="user" defaultValue={filters.userId ?? ""} className="rounded-md border border-gray-300 px-2 py-1.5">
            <option value="">{t("All users")}</option>
            {viewers.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name} ({v.email})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block text-gray-700">{t("From")}</span>
          <input type="date" name="from" defaultValue={filters.from ?? ""} className="rounded-md border border-gray-300 px-2 py-1.5" />
        </label>
        <label className="text-sm">
          <span className="block text-gray-700">{t("To")}</span>
          <input type="date" name="to" defaultValue={filters.to ?? ""} className="rounded-md border border-gray-300 px-2 py-1.5" />
        </label>
        <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white">
          {t("Filter")}
        </button>
      </form>
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} caption="Views of trekkers' personal data" />
      <Pagination pageIndex={pageIndex} pageSize={pageSize} totalRows={total} />
    </section>
  );
}
