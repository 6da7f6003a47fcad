import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useT } from "@lib/i18n/context";

/** How often the bell asks for its count while the page is open and visible. */
const POLL_MS = 30_000;

/**
 * The bell with the unread count (spec 1 §2.3; hidden for the board). The server renders the
 * count on every page; with JavaScript the bell asks /notifications/count every 30 s while the
 * tab is visible, so a notification raised meanwhile shows without a reload.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const [count, setCount] = useState(unread);
  const location = useLocation();
  useEffect(() => setCount(unread), [unread, location.key]);
  useEffect(() => {
    let stopped = false;
    const refresh = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch("/notifications/count", { credentials: "same-origin", headers: { Accept: "application/json" } });
        if (!response.ok) return;
        const body = (await response.json()) as { unread?: unknown };
        if (!stopped && typeof body.unread === "number") setCount(body.unread);
      } catch {
        // Offline on a mountain link: keep the last count.
      }
    };
    const timer = window.setInterval(refresh, POLL_MS);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, []);
  const { t } = useT();
  const label = count ? t("Notifications, {{count}} unread", { count }) : t("Notifications");
  return (
    <Link to="/notifications" className="relative ml-auto rounded px-2 py-1 text-xl sm:ml-0" title={label}>
      {/* A drawn bell, not the emoji: phones and kiosks without an emoji font showed an empty box. */}
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="block h-6 w-6 text-slate-700"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <span className="sr-only" data-testid="bell-label">
        {label}
      </span>
      {count ? (
        <span
          aria-hidden="true"
          data-testid="bell-count"
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
