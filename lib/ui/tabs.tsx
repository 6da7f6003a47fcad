import { Link, useLocation, useResolvedPath } from "@remix-run/react";
import { cx } from "@lib/ui/class-names";
import { useT } from "@lib/i18n/context";

export interface TabItem {
  label: string;
  to: string;
  /** Overrides the URL match, e.g. when a tab owns several paths. */
  active?: boolean;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  /** Names the tab bar for screen readers when a page has more than one. */
  label?: string;
  className?: string;
}

/**
 * Tabs are plain links and each panel is its own URL (nested route or ?tab=), so they work
 * without JavaScript and can be bookmarked. Deliberately not role="tablist": that pattern
 * promises arrow-key behaviour which links do not have.
 */
export function Tabs({ tabs, label = "Tabs", className }: TabsProps) {
  const { t } = useT();
  return (
    // Tabs wrap onto a second line when they do not fit (a 390 px phone), so no label is ever cut.
    <nav aria-label={t(label)} className={cx("border-b border-gray-200", className)}>
      <ul className="-mb-px flex flex-wrap gap-x-4">
        {tabs.map((tab) => (
          <li key={tab.to} className="max-w-full">
            <TabLink tab={tab} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function TabLink({ tab }: { tab: TabItem }) {
  const { t } = useT();
  const location = useLocation();
  const resolved = useResolvedPath(tab.to);
  const active =
    tab.active ?? (trimSlash(resolved.pathname) === trimSlash(location.pathname) && (!resolved.search || sameParams(resolved.search, location.search)));
  return (
    <Link
      to={tab.to}
      aria-current={active ? "page" : undefined}
      className={cx(
        "inline-block border-b-2 px-1 py-3 text-sm font-medium",
        active ? "border-blue-700 text-blue-700" : "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900",
      )}
    >
      {t(tab.label)}
    </Link>
  );
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

// A "?tab=x" tab is active when the current URL has every parameter it names; extra
// parameters on the page (paging, filters) don't make it inactive.
function sameParams(tabSearch: string, pageSearch: string): boolean {
  const page = new URLSearchParams(pageSearch);
  return [...new URLSearchParams(tabSearch).entries()].every(([key, value]) => page.get(key) === value);
}
