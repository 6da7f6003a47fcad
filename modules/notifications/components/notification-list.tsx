import { Form } from "@remix-run/react";
import { displayDateTime } from "@lib/dates";
import { cx } from "@lib/ui/class-names";
import { useT } from "@lib/i18n/context";
import type { NotificationItem } from "../categories";

/**
 * Notifications as a list of buttons: each is a POST to /notifications that marks it read and
 * goes to its subject, so opening one works without JavaScript and never on a GET (a link
 * prefetcher cannot mark anything read).
 */
export function NotificationList({ items, showBody = false, label }: { items: NotificationItem[]; showBody?: boolean; label: string }) {
  const { t, lng } = useT();
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
      {items.map((n) => (
        <li key={n.id}>
          <Form method="post" action="/notifications">
            <input type="hidden" name="intent" value="open" />
            <input type="hidden" name="id" value={n.id} />
            <button
              type="submit"
              className={cx("block w-full px-4 py-3 text-left hover:bg-slate-50", n.isRead ? "text-slate-600" : "bg-blue-50/60")}
              data-testid="notification"
            >
              <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className={cx("min-w-0 break-words", n.isRead ? "" : "font-semibold text-slate-900")}>
                  {n.isRead ? null : <span className="sr-only">{t("Unread:")} </span>}
                  {n.title}
                </span>
                <span className="shrink-0 text-xs text-slate-600">
                  {t(n.category)} · {displayDateTime(n.createdAt, lng)}
                </span>
              </span>
              {showBody ? <span className="mt-1 block break-words text-sm text-slate-700">{n.body}</span> : null}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
