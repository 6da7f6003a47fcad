import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { cx } from "@lib/ui/class-names";
import { useT } from "@lib/i18n/context";

export interface Breadcrumb {
  label: string;
  /** Omit for the current page (normally the last crumb). */
  to?: string;
}

export interface PageHeaderProps {
  title: ReactNode;
  /** Buttons / links on the right, e.g. <LinkButton to="new">Add New</LinkButton>. */
  actions?: ReactNode;
  breadcrumbs?: readonly Breadcrumb[];
  className?: string;
}

/**
 * In-page heading with "Routes > Add New Routes" style breadcrumbs above it. A title or crumb given
 * as text is translated here, where it is shown (ADR 0047); a name (a trekker's) is no key and stays.
 */
export function PageHeader({ title, actions, breadcrumbs, className }: PageHeaderProps) {
  const { t } = useT();
  return (
    <header className={cx("mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="min-w-0">
        {breadcrumbs && breadcrumbs.length > 0 && (
          <nav aria-label={t("Breadcrumb")} className="mb-1">
            <ol className="flex flex-wrap items-center gap-1 text-sm text-gray-500">
              {breadcrumbs.map((crumb, index) => {
                const last = index === breadcrumbs.length - 1;
                return (
                  <li key={`${index}-${crumb.label}`} className="flex items-center gap-1">
                    {index > 0 && (
                      <span aria-hidden="true" className="text-gray-400">
                        &gt;
                      </span>
                    )}
                    {crumb.to && !last ? (
                      <Link to={crumb.to} className="hover:text-blue-700 hover:underline">
                        {t(crumb.label)}
                      </Link>
                    ) : (
                      <span aria-current={last ? "page" : undefined} className={last ? "text-gray-700" : undefined}>
                        {t(crumb.label)}
                      </span>
                    )}
                  </li>
                );
              })}
            </ol>
          </nav>
        )}
        <h1 className="text-xl font-semibold text-gray-900 sm:text-2xl">{typeof title === "string" ? t(title) : title}</h1>
      </div>
      {actions != null && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}
