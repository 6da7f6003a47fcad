import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, Form, Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "@lib/ui/button";
import { PageHeader } from "@lib/ui/page-header";
import { Pagination } from "@lib/ui/pagination";
import { parsePaging } from "@lib/pagination";
import { requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "@lib/multipart.server";
import { NO_NOTIFICATIONS } from "@modules/notifications";
import { NotificationList } from "@modules/notifications/index.ui";
import { listNotifications, markAllRead, openNotification } from "@modules/notifications/index.server";
import { can } from "@modules/permissions";
import { notFound } from "@lib/param-id";
import { useT } from "@lib/i18n/context";
import { pageTexts, requestMessages } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Notifications" };

const UNREAD_SHOWN = 50;

/** Spec 1 §2.8: unread and read; opening one marks it read and goes to its subject; Mark all read. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "notifications");
  const { pageIndex, pageSize } = parsePaging(new URL(request.url).searchParams);
  const [unread, read] = await Promise.all([
    listNotifications(user.id, { read: false, offset: 0, limit: UNREAD_SHOWN }),
    listNotifications(user.id, { read: true, offset: pageIndex * pageSize, limit: pageSize }),
  ]);
  // A notification's title is kept in English as the event made it; it is said here in the page's language.
  const say = await requestMessages(request);
  const said = <T extends { title: string }>(list: { rows: T[]; total: number }) => ({ ...list, rows: list.rows.map((n) => ({ ...n, title: say(n.title) })) });
  return { unread: said(unread), read: said(read), pageIndex, pageSize, inbox: can(user, "inbox"), texts: await pageTexts(request, ["staff", "admin"]) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "notifications");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "mark-all") {
    const changed = await markAllRead(user.id);
    return redirectWithToast("/notifications", {
      type: "success",
      message: changed ? "All notifications marked as read" : "There were no unread notifications",
    });
  }
  if (intent === "open") {
    const id = Number(form.get("id"));
    const link = Number.isSafeInteger(id) && id > 0 ? await openNotification(id, user.id) : null;
    // Someone else's notification is not found; a stored link only ever leads inside the app.
    if (!link) throw notFound();
    return redirect(link.startsWith("/") && !link.startsWith("//") ? link : "/notifications");
  }
  throw new Response("Bad Request", { status: 400 });
}

export default function Notifications() {
  const { t } = useT();
  const { unread, read, pageIndex, pageSize, inbox } = useLoaderData<typeof loader>();
  const empty = unread.total === 0 && read.total === 0;
  return (
    <section className="max-w-3xl">
      <PageHeader
        title="Notifications"
        actions={
          <div className="flex flex-wrap gap-2">
            {inbox ? (
              <Link to="/inbox" className={buttonClass("secondary")}>
                {t("Inbox")}
              </Link>
            ) : null}
            {unread.total ? (
              <Form method="post">
                <input type="hidden" name="intent" value="mark-all" />
                <button type="submit" className={buttonClass("primary")}>
                  {t("Mark all read")}
                </button>
              </Form>
            ) : null}
          </div>
        }
      />
      {empty ? (
        <p className="rounded bg-white p-6 text-center text-slate-600 shadow-sm">{t(NO_NOTIFICATIONS)}</p>
      ) : (
        <>
          <h2 className="mb-2 mt-2 text-base font-semibold">{t("Unread ({{count}})", { count: unread.total })}</h2>
          {unread.rows.length ? (
            <NotificationList items={unread.rows} label={t("Unread notifications")} />
          ) : (
            <p className="text-sm text-slate-600">{t("Nothing unread.")}</p>
          )}
          {unread.total > unread.rows.length ? (
            <p className="mt-2 text-sm text-slate-600">{t("Showing the newest {{count}}; mark them read to see the rest.", { count: unread.rows.length })}</p>
          ) : null}
          <h2 className="mb-2 mt-6 text-base font-semibold">{t("Read")}</h2>
          {read.rows.length ? (
            <NotificationList items={read.rows} label={t("Read notifications")} />
          ) : (
            <p className="text-sm text-slate-600">{t("Nothing read yet.")}</p>
          )}
          <Pagination pageIndex={pageIndex} pageSize={pageSize} totalRows={read.total} className="mt-4" />
        </>
      )}
    </section>
  );
}
