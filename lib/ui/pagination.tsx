import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { PAGE_INDEX_PARAM, PAGE_SIZE_PARAM, PAGE_SIZES, pageCount as countPages, pageWindow, showingLabel } from "@lib/pagination";
import { cx } from "@lib/ui/class-names";
import { useHydrated } from "@lib/ui/use-hydrated";
import { useT } from "@lib/i18n/context";

export interface PaginationProps {
  /** 0-based, as read by parsePaging. */
  pageIndex: number;
  pageSize: number;
  totalRows: number;
  /** The count stopped at `totalRows` (a large list): "of more than …". */
  capped?: boolean;
  className?: string;
}

const itemClass = "inline-flex min-w-9 items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium";
const linkClass = cx(itemClass, "text-gray-700 ring-1 ring-inset ring-gray-300 hover:bg-gray-50");
const currentClass = cx(itemClass, "bg-blue-700 text-white ring-1 ring-inset ring-blue-700");
const disabledClass = cx(itemClass, "cursor-not-allowed text-gray-400 ring-1 ring-inset ring-gray-200");

/**
 * Every control is a plain link or a GET form, so paging works without JavaScript; other query
 * parameters (filters, search) survive every move.
 */
export function Pagination({ pageIndex, pageSize, totalRows, capped = false, className }: PaginationProps) {
  const location = useLocation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const selectId = useId();
  const { t } = useT();

  const pages = countPages(totalRows, pageSize);
  const current = new URLSearchParams(location.search);
  const hrefFor = (index: number) => {
    const params = new URLSearchParams(current);
    params.set(PAGE_INDEX_PARAM, String(index));
    return { pathname: location.pathname, search: `?${params}` };
  };

  // From a page past the end (rows deleted since the link was made), "previous" lands on the last page.
  const previous = pageIndex > 0 && pages > 0 ? Math.min(pageIndex - 1, pages - 1) : null;
  const next = pageIndex < pages - 1 ? Math.max(0, pageIndex + 1) : null;
  const carried = [...current.entries()].filter(([key]) => key !== PAGE_INDEX_PARAM && key !== PAGE_SIZE_PARAM);

  return (
    <div className={cx("flex flex-col gap-3 text-sm text-gray-700 sm:flex-row sm:items-center sm:justify-between", className)}>
      <p aria-live="polite">{showingLabel(pageIndex, pageSize, totalRows, capped, t)}</p>

      <nav aria-label={t("Pagination")}>
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            <PageStep index={previous} rel="prev" hrefFor={hrefFor}>
              <span aria-hidden="true">‹</span> {t("Prev")}
            </PageStep>
          </li>
          {pageWindow(pageIndex, pages).map((index) => (
            <li key={index}>
              {index === pageIndex ? (
                <span aria-current="page" className={currentClass}>
                  <span className="sr-only">{t("Page")} </span>
                  {t("{{page}}", { page: index + 1 })}
                </span>
              ) : (
                <Link to={hrefFor(index)} className={linkClass}>
                  <span className="sr-only">{t("Page")} </span>
                  {t("{{page}}", { page: index + 1 })}
                </Link>
              )}
            </li>
          ))}
          <li>
            <PageStep index={next} rel="next" hrefFor={hrefFor}>
              {t("Next")} <span aria-hidden="true">›</span>
            </PageStep>
          </li>
        </ul>
      </nav>

      {/* GET form: the browser rebuilds the query string from the fields, hence the hidden copies
          of the current parameters. pageindex is left out so a new size starts on page 1. */}
      <Form method="get" action={location.pathname} className="flex items-center gap-2">
        {carried.map(([key, value], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
        ))}
        <label htmlFor={selectId}>{t("Rows per page")}</label>
        <select
          id={selectId}
          name={PAGE_SIZE_PARAM}
          defaultValue={String(pageSize)}
          onChange={(event) => submit(event.currentTarget.form)}
          className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        {/* Needed only without JS. Once hydrated the select submits itself, but the button stays
            in the tab order (shown on focus) for assistive tech that changes a select silently. */}
        <button type="submit" className={cx(linkClass, hydrated && "sr-only focus:not-sr-only")}>
          {t("Go")}
        </button>
      </Form>
    </div>
  );
}

function PageStep({
  index,
  rel,
  hrefFor,
  children,
}: {
  /** null at either end: rendered as inert text so there is no link that goes nowhere. */
  index: number | null;
  rel: "prev" | "next";
  hrefFor: (index: number) => { pathname: string; search: string };
  children: ReactNode;
}) {
  const { t } = useT();
  if (index === null) {
    return (
      <span aria-disabled="true" className={disabledClass}>
        {children}
      </span>
    );
  }
  return (
    <Link to={hrefFor(index)} rel={rel} aria-label={rel === "next" ? t("Next page") : t("Previous page")} className={linkClass}>
      {children}
    </Link>
  );
}
