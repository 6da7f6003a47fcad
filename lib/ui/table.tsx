import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { cx } from "@lib/ui/class-names";
import { bikramSambatOf } from "@lib/dates";
import { useT } from "@lib/i18n/context";

/** Spec wording for empty states; keep them verbatim. */
export const EMPTY_TEXTS = {
  list: "No Data Found",
  table: "No Data Found For This Table",
  filter: "No Filter options found",
} as const;

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Applied to both the header and body cells of the column (alignment, widths). */
  className?: string;
  /** The cell's label on phones, where rows stack; defaults to the header when it is text. */
  label?: string;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  /**
   * Makes the first cell's content a real link, so opening a row works without JavaScript and
   * with middle-click / long-press. Don't put other links in the first column then: anchors
   * cannot nest.
   */
  rowHref?: (row: T) => string;
  /** Defaults to the row position; pass an id when rows can reorder without a reload. */
  rowKey?: (row: T, index: number) => string | number;
  emptyText?: string;
  caption?: ReactNode;
  className?: string;
}

/**
 * Headers, captions and the empty text given as text are translated here, where they are shown
 * (ADR 0047). Cells are data and stay as written: a cell that shows one of the app's words (a status,
 * a method) says so with <Say>, for a name could be a key of a namespace the page's browser lacks
 * ("Nepal"), and the server, which has them all, would render other words than the browser.
 */
/** One of the app's words shown as data (a card's status, a scan's method), in the page's language. */
export function Say({ text }: { text: string }) {
  const { t } = useT();
  return <>{t(text)}</>;
}

export function DataTable<T>({ columns, rows, rowHref, rowKey, emptyText = EMPTY_TEXTS.table, caption, className }: DataTableProps<T>) {
  const { t, lng } = useT();
  const text = (node: ReactNode) => (typeof node === "string" ? t(node) : node);
  return (
    // Below 640 px each row stacks into a block of "label: value" lines, so every column (View,
    // Status, actions) stays on screen at 390 px with no horizontal scrolling; wider, a table.
    // tabIndex: a keyboard user can scroll a wide table sideways even when no cell holds a link.
    <div
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (axe: scrollable-region-focusable)
      tabIndex={0}
      className={cx("w-full overflow-x-auto rounded-lg border border-gray-200 bg-white focus-visible:outline-2 focus-visible:outline-blue-600", className)}
    >
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm max-sm:block">
        {caption != null && <caption className="px-4 py-3 text-left text-sm font-medium text-gray-700">{text(caption)}</caption>}
        <thead className="bg-gray-50 max-sm:hidden">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                // Headers wrap between words like cells, so ten columns fit beside the sidebar at 1280 px.
                className={cx("px-3 py-3 align-bottom font-semibold text-gray-700", column.className)}
              >
                {text(column.header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 max-sm:block">
          {rows.length === 0 ? (
            <tr className="max-sm:block">
              <td colSpan={Math.max(1, columns.length)} className="px-4 py-8 text-center text-gray-500 max-sm:block">
                {t(emptyText)}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey ? rowKey(row, index) : index} className="hover:bg-gray-50 max-sm:block max-sm:py-2">
                {columns.map((column, columnIndex) => {
                  const cell = column.cell(row);
                  // A date cell on a Nepali page: the Bikram Sambat date in a smaller line below (decisions.md).
                  const bs = lng === "ne" && typeof cell === "string" ? bikramSambatOf(cell) : null;
                  const content = bs ? (
                    <>
                      {cell}
                      <span className="block text-xs text-gray-500">{bs}</span>
                    </>
                  ) : (
                    cell
                  );
                  const label = column.label ?? (typeof column.header === "string" ? column.header : undefined);
                  return (
                    <td
                      key={column.key}
                      data-label={label ? t(label) : undefined}
                      className={cx(
                        // Words wrap whole on wide screens (anywhere would let the table squeeze columns mid-word);
                        // stacked on a phone, a long unbroken value may break anywhere rather than overflow.
                        "px-3 py-3 align-top text-gray-900 break-words max-sm:[overflow-wrap:anywhere]",
                        "max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:text-left",
                        "max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:text-gray-600 max-sm:before:content-[attr(data-label)]",
                        column.className,
                      )}
                    >
                      {rowHref && columnIndex === 0 ? (
                        <Link to={rowHref(row)} className="font-medium text-blue-700 underline-offset-2 hover:underline">
                          {content}
                        </Link>
                      ) : (
                        content
                      )}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
