import { Form, Link } from "@remix-run/react";
import { NotificationBell } from "./notification-bell";
import { LanguageSwitch } from "./language-switch";
import { useT } from "@lib/i18n/context";

export interface HeaderUser {
  fullName: string;
  email: string;
  photoUrl?: string | null;
}

/** Title, search, notification bell and profile menu (spec 1 §2.3). Menus are <details>, no JS needed. */
export function AppHeader({
  title,
  user,
  showBell,
  unread = 0,
  canSwitch = false,
}: {
  title: string;
  user: HeaderUser;
  showBell: boolean;
  unread?: number;
  canSwitch?: boolean;
}) {
  const { t } = useT();
  return (
    <header className="sticky top-0 z-20 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 no-print">
      <label htmlFor="nav-toggle" className="cursor-pointer rounded border border-slate-300 px-2 py-1 md:hidden" title={t("Open menu")}>
        ☰<span className="sr-only">{t("Open menu")}</span>
      </label>
      <h1 className="min-w-0 truncate text-lg font-semibold text-slate-800" data-testid="page-title">
        {title}
      </h1>
      {/* A GET form: Enter opens /search, with or without JavaScript; the results are scoped by role there. */}
      <Form method="get" action="/search" className="ml-auto hidden sm:block" role="search" aria-label={t("Quick search")}>
        <label htmlFor="header-search" className="sr-only">
          {t("Search trekkers, cards and registrations")}
        </label>
        <input
          id="header-search"
          name="q"
          type="search"
          placeholder={t("Trekker, passport, card or registration no.")}
          className="w-72 rounded border border-slate-300 px-3 py-1.5 text-sm"
        />
      </Form>
      <LanguageSwitch className="hidden sm:flex" />
      {showBell ? <NotificationBell unread={unread} /> : null}
      <details className="relative">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded px-2 py-1 hover:bg-slate-100">
          {user.photoUrl ? (
            <img src={user.photoUrl} alt="" className="h-8 w-8 rounded-full object-cover" />
          ) : (
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white">
              {user.fullName.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span className="hidden text-sm md:inline">{user.fullName}</span>
        </summary>
        <div className="absolute right-0 z-30 mt-2 w-56 rounded border border-slate-200 bg-white py-1 shadow-lg">
          <p className="truncate px-4 py-2 text-xs text-slate-500">{user.email}</p>
          {/* Below sm the header has no room for the switch: it is here instead (390 px phones). */}
          <LanguageSwitch className="px-4 py-2 sm:hidden" />
          <Link to="/account-settings" className="block px-4 py-2 text-sm hover:bg-slate-100">
            {t("Settings")}
          </Link>
          {canSwitch ? (
            <Link to="/switch-user" className="block px-4 py-2 text-sm hover:bg-slate-100">
              {t("Switch user")}
            </Link>
          ) : null}
          <Form method="post" action="/logout">
            <button type="submit" className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100">
              {t("Logout")}
            </button>
          </Form>
        </div>
      </details>
    </header>
  );
}
