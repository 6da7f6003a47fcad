import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { Pagination } from "@lib/ui/pagination";
import { Tabs } from "@lib/ui/tabs";
import { parsePaging } from "@lib/pagination";
import { requirePermission } from "~/utils/guards.server";
import { INBOX_CATEGORIES, NO_NOTIFICATIONS, type InboxCategory } from "@modules/notifications";
import { NotificationList } from "@modules/notifications/index.ui";
import { listNotifications } from "@modules/notifications/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Inbox" };

/**
 * Inbox (agency, TAAN; spec 1 §2.8): the same events as the bell, as messages with their body,
 * filtered All, Registration, Users, TIMS Cards. TAAN's copies are of its member agencies' events.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "inbox");
  const params = new URL(request.url).searchParams;
  const asked = params.get("category");
  const category = (INBOX_CATEGORIES as readonly string[]).includes(asked ?? "") ? (asked as InboxCategory) : undefined;
  const { pageIndex, pageSize } = parsePaging(params);
  const list = await listNotifications(user.id, { category, offset: pageIndex * pageSize, limit: pageSize });
  return { ...list, category: category ?? null, pageIndex, pageSize };
}

export default function Inbox() {
  const { rows, total, category, pageIndex, pageSize } = useLoaderData<typeof loader>();
  return (
    <section className="max-w-3xl">
      <PageHeader title="Inbox" />
      <Tabs
        label="Inbox filter"
        className="mb-4"
        tabs={[
          { label: "All", to: "/inbox", active: category === null },
          ...INBOX_CATEGORIES.map((c) => ({ label: c, to: `/inbox?category=${encodeURIComponent(c)}`, active: category === c })),
        ]}
      />
      {rows.length ? (
        <NotificationList items={rows} showBody label={category ? `${category} messages` : "All messages"} />
      ) : (
        <p className="rounded bg-white p-6 text-center text-slate-600 shadow-sm">{NO_NOTIFICATIONS}</p>
      )}
      <Pagination pageIndex={pageIndex} pageSize={pageSize} totalRows={total} className="mt-4" />
    </section>
  );
}
