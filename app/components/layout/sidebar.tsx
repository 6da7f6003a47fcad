import { NavLink } from "@remix-run/react";
import { useT } from "@lib/i18n/context";

export interface NavEntry {
  label: string;
  to: string;
}

/**
 * The sidebar. On small screens it slides in when the header's menu button ticks the
 * #nav-toggle checkbox (a CSS-only toggle, so it works without JavaScript).
 */
export function Sidebar({ entries }: { entries: NavEntry[] }) {
  const { t } = useT();
  // The toggle and the backdrop sit inside the landmark with the menu, so no part of the page is
  // outside a landmark; the wrapper is the layout's column on wide screens.
  return (
    <aside aria-label={t("Menu")} className="no-print md:flex md:shrink-0">
      <input id="nav-toggle" type="checkbox" className="peer sr-only" aria-label={t("Toggle navigation")} />
      {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- the backdrop of a CSS-only drawer; the checkbox has its own aria-label */}
      <label htmlFor="nav-toggle" className="fixed inset-0 z-30 hidden bg-black/40 peer-checked:block md:hidden!" />
      <div className="fixed inset-y-0 left-0 z-40 w-64 -translate-x-full overflow-y-auto bg-slate-900 text-slate-100 transition-transform duration-300 peer-checked:translate-x-0 md:static md:translate-x-0">
        <div className="flex items-center justify-between px-5 py-4">
          <span className="text-lg font-bold tracking-wide">TIMS</span>
          <label htmlFor="nav-toggle" className="cursor-pointer rounded px-2 text-xl md:hidden" title={t("Close menu")}>
            ✕
          </label>
        </div>
        <nav aria-label={t("Main navigation")}>
          <ul className="space-y-1 px-3 pb-6">
            {entries.map((e) => (
              <li key={e.to}>
                <NavLink
                  to={e.to}
                  prefetch="intent"
                  className={({ isActive }) => `block rounded px-3 py-2 text-sm ${isActive ? "bg-blue-700 font-semibold text-white" : "hover:bg-slate-800"}`}
                >
                  {/* The modules' sidebar labels are texts of the shell namespace. */}
                  {t(e.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </aside>
  );
}
