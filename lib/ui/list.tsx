import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { exportSearch, SORT_PARAM, PAGE_INDEX_PARAM } from "@lib/page-params";
import { type FilterField, type FilterOption, type ListColumn, type ListData, type ListDefinition, type ListViewDefinition } from "@lib/list/define";
import { buttonClass } from "@lib/ui/button";
import { cx } from "@lib/ui/class-names";
import { Pagination } from "@lib/ui/pagination";
import { RangeChoices } from "@lib/ui/range-choices";
import type { RangeOffer } from "@lib/nepali-calendar/types";
import { DataTable, EMPTY_TEXTS, type DataTableColumn } from "@lib/ui/table";
import { useT } from "@lib/i18n/context";

/**
 * The list kit's components (lib/list/define.ts declares a list, lib/list/list.server.ts loads
 * it): the GET filter form with quick ranges, the table with sortable headers, the paging, and
 * the export button. Everything is a link or a GET form, so the URL is the state and every
 * control works without JavaScript; with it, the export shows its progress.
 */

/** What the kit's loader (loadList) returns, as the page receives it. */
export type ListPageData<Row> = ListData<Row>;

const controlClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm " +
  "focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30 disabled:bg-gray-100 disabled:text-gray-500";

function withParams(pathname: string, params: URLSearchParams): string {
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

export interface ListFiltersProps {
  definition: Pick<ListDefinition<unknown>, "fields" | "quickRange">;
  values: Record<string, string>;
  options: Record<string, FilterOption[]>;
  /** The quick ranges and the chosen range in both calendars (the loader's `ranges`). */
  ranges?: RangeOffer;
  /** Fields of the definition this page does not show (e.g. the agency filter for an agency). */
  hidden?: readonly string[];
  className?: string;
}

/**
 * The filters as one GET form: Enter in the search box (or the Search button) submits it, and
 * the parameters that are not filters (page size, sort, tab) ride along as hidden fields. A new
 * search starts on the first page.
 *
 * On a phone (below 640 px) the form folds behind one "Filters" button that says how many are
 * set, so the list comes first on the screen (issue 26 item 10): a <details>, which opens without
 * JavaScript. Wider, app/tailwind.css shows its content always and hides the button.
 */
export function ListFilters({ definition, values, options, ranges, hidden = [], className }: ListFiltersProps) {
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const fields = definition.fields.filter((f) => !hidden.includes(f.name));
  const owned = new Set([...definition.fields.map((f) => f.name), PAGE_INDEX_PARAM]);
  const carried = [...current.entries()].filter(([key]) => !owned.has(key));
  const cleared = new URLSearchParams(carried);
  const formId = useId();
  const set = fields.filter((f) => values[f.name]).length;
  const fold = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const { t } = useT();

  // A search made from the opened filters folds them again, as a page loaded without JavaScript
  // does, so the phone shows its results first; the button keeps the focus that was inside.
  useEffect(() => {
    const details = fold.current;
    if (!details?.open) return;
    const focused = details.contains(document.activeElement) && document.activeElement !== summary.current;
    details.open = false;
    if (focused && summary.current?.offsetParent) summary.current.focus();
  }, [location.search]);

  return (
    <details ref={fold} data-list-filters="" className={cx("group mb-4", className)}>
      <summary ref={summary} className={cx(buttonClass("secondary"), "mb-3 cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
        {set ? t("Filters ({{count}} set)", { count: set }) : t("Filters")}
        <span aria-hidden="true" className="text-xs group-open:rotate-180">
          ▼
        </span>
      </summary>
      <div className="space-y-3">
        <Form method="get" action={location.pathname} role="search" aria-label={t("Filters")} className="flex flex-wrap items-end gap-3">
          {carried.map(([key, value], index) => (
            <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
          ))}
          {fields.map((field) => (
            <FilterControl key={field.name} field={field} value={values[field.name] ?? ""} options={options} idPrefix={formId} />
          ))}
          <div className="flex items-center gap-2">
            <button type="submit" className={buttonClass("primary")}>
              {t("Search")}
            </button>
            <Link to={withParams(location.pathname, cleared)} className={buttonClass("ghost")}>
              {t("Clear filters")}
            </Link>
          </div>
        </Form>
        {definition.quickRange && ranges ? <RangeChoices params={definition.quickRange} offer={ranges} /> : null}
      </div>
    </details>
  );
}

function FilterControl({ field, value, options, idPrefix }: { field: FilterField; value: string; options: Record<string, FilterOption[]>; idPrefix: string }) {
  const { t } = useT();
  const id = `${idPrefix.replace(/:/g, "")}-${field.name}`;
  const label = (
    <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
      {t(field.label)}
    </label>
  );
  if (field.kind === "search") {
    return (
      <div className="w-full min-w-0 sm:w-72">
        {label}
        <input id={id} type="search" name={field.name} defaultValue={value} placeholder={t(field.placeholder)} className={controlClass} />
      </div>
    );
  }
  if (field.kind === "date") {
    return (
      <div className="w-full min-w-0 sm:w-40">
        {label}
        <input id={id} type="date" name={field.name} defaultValue={value} className={controlClass} />
      </div>
    );
  }
  const choices = typeof field.options === "string" ? (options[field.options] ?? []) : field.options;
  return (
    // A select is as wide as its longest option: capped, so long route names cannot widen a phone's page.
    <div className="w-full min-w-0 sm:w-auto sm:max-w-xs">
      {label}
      {choices.length ? (
        <select id={id} name={field.name} defaultValue={value} className={controlClass}>
          <option value="">{t(field.allLabel ?? "All")}</option>
          {choices.map((o) => (
            <option key={o.value} value={o.value}>
              {/* Fixed choices are the app's words; the loader's (countries, routes) are data. */}
              {typeof field.options === "string" ? o.label : t(o.label)}
            </option>
          ))}
        </select>
      ) : (
        <select id={id} disabled className={controlClass}>
          <option>{t(EMPTY_TEXTS.filter)}</option>
        </select>
      )}
    </div>
  );
}

export interface ListTableProps<Row> {
  columns: readonly ListColumn<Row>[];
  rows: readonly Row[];
  hidden?: readonly string[];
  /** The current sort ("-key" descending), for the sortable headers. */
  sort?: string;
  rowHref?: (row: Row) => string;
  rowKey: (row: Row) => string | number;
  caption?: ReactNode;
  emptyText?: string;
}

/** The list's columns (less the hidden ones) in the UI kit's table, which stacks rows on phones. */
export function ListTable<Row>({ columns, rows, hidden = [], sort, rowHref, rowKey, caption, emptyText }: ListTableProps<Row>) {
  const location = useLocation();
  const { t } = useT();
  const sortHref = (key: string) => {
    const params = new URLSearchParams(location.search);
    params.delete(PAGE_INDEX_PARAM);
    params.set(SORT_PARAM, sort === key ? `-${key}` : key);
    return withParams(location.pathname, params);
  };
  const shown: DataTableColumn<Row>[] = columns
    .filter((c) => !hidden.includes(c.key))
    .map((c) => ({
      key: c.key,
      label: c.header,
      className: c.className,
      cell: c.cell,
      header: c.sort ? (
        <Link to={sortHref(c.sort)} className="hover:underline">
          {t(c.header)}
          <SortMark state={sort === c.sort ? "ascending" : sort === `-${c.sort}` ? "descending" : undefined} />
        </Link>
      ) : (
        c.header
      ),
    }));
  return <DataTable columns={shown} rows={rows} rowKey={rowKey} rowHref={rowHref} caption={caption} emptyText={emptyText ?? EMPTY_TEXTS.table} />;
}

function SortMark({ state }: { state: "ascending" | "descending" | undefined }) {
  const { t } = useT();
  if (!state) return <span className="sr-only">{t("(sort)")}</span>;
  return (
    <>
      {/* A no-break space keeps the mark with the header's last word when the header wraps. */}
      <span aria-hidden="true">{`\u00a0${state === "ascending" ? "▲" : "▼"}`}</span>
      <span className="sr-only">{state === "ascending" ? t("(sorted ascending)") : t("(sorted descending)")}</span>
    </>
  );
}

export interface ListViewProps<Row> {
  definition: ListViewDefinition<Row>;
  data: ListPageData<Row>;
  /** The definition's columns plus what only this page shows (e.g. row actions with forms). */
  columns?: readonly ListColumn<Row>[];
  rowKey: (row: Row) => string | number;
  rowHref?: (row: Row) => string;
  caption?: ReactNode;
  /** Filter fields not shown to this viewer (besides `data.hidden`). */
  hiddenFilters?: readonly string[];
}

/** Filters, table and paging of one declared list, from the data its loader made with loadList. */
export function ListView<Row>({ definition, data, columns, rowKey, rowHref, caption, hiddenFilters = [] }: ListViewProps<Row>) {
  return (
    <div>
      {definition.fields.length || definition.quickRange ? (
        <ListFilters definition={definition} values={data.values} options={data.options} ranges={data.ranges} hidden={[...data.hidden, ...hiddenFilters]} />
      ) : null}
      <ListTable
        columns={columns ?? definition.columns}
        rows={data.rows}
        hidden={data.hidden}
        sort={data.sort}
        rowKey={rowKey}
        rowHref={rowHref}
        caption={caption}
        emptyText={definition.emptyText}
      />
      <Pagination pageIndex={data.pageIndex} pageSize={data.pageSize} totalRows={data.total} capped={data.capped} className="mt-4" />
    </div>
  );
}

export interface ExportButtonProps {
  /** The export's resource route, e.g. "/trekkers/export"; the page's filters are added. */
  to: string;
  /** The file's name without ".csv" (spec 2 §9). */
  fileName: string;
  /** Parameters the export adds to the page's filters (e.g. the account a tab is about). */
  params?: Record<string, string>;
  /** The list's count (the page's data): the rows the export will hold, unless the count was capped. */
  list?: { total: number; capped: boolean };
  label?: string;
}

type ExportState = { phase: "idle" } | { phase: "running"; rows: number } | { phase: "failed" };

/**
 * "Export": a plain download link (the server streams the CSV with the current filters). With
 * JavaScript the file is fetched instead, so the page can show how many rows have arrived and
 * offer Cancel (the server stops reading when the request is aborted); the bytes are then saved
 * under the same name.
 */
export function ExportButton({ to, fileName, params, list, label = "Export" }: ExportButtonProps) {
  const total = list && !list.capped ? list.total : undefined;
  const location = useLocation();
  const search = new URLSearchParams(exportSearch(location.search));
  for (const [key, value] of Object.entries(params ?? {})) search.set(key, value);
  const href = `${to}${search.size ? `?${search}` : ""}`;
  const [state, setState] = useState<ExportState>({ phase: "idle" });
  const abort = useRef<AbortController | null>(null);
  const statusId = useId();
  const { t } = useT();

  async function run(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (typeof ReadableStream === "undefined" || state.phase === "running") return;
    event.preventDefault();
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: "running", rows: 0 });
    try {
      // Loaded on the first export only: a list page that is only read never pays for it.
      const { downloadCsv } = await import("@lib/ui/csv-download");
      await downloadCsv(href, `${fileName}.csv`, controller.signal, (rows) => setState({ phase: "running", rows }));
      setState({ phase: "idle" });
    } catch {
      setState(controller.signal.aborted ? { phase: "idle" } : { phase: "failed" });
    } finally {
      abort.current = null;
    }
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center gap-2">
        <a
          href={href}
          download={`${fileName}.csv`}
          onClick={run}
          aria-describedby={state.phase === "idle" ? undefined : statusId}
          className={buttonClass("secondary")}
        >
          {t(label)}
        </a>
        {state.phase === "running" ? (
          <button type="button" onClick={() => abort.current?.abort()} className={buttonClass("ghost", "sm")}>
            {t("Cancel")}
          </button>
        ) : null}
      </div>
      <div id={statusId} role="status" aria-live="polite" className="text-xs text-gray-700">
        {state.phase === "running" ? (
          <span className="flex items-center gap-2">
            {total && total > 0 ? (
              <progress max={total} value={Math.min(state.rows, total)} className="w-28" aria-label={t("Export progress")} />
            ) : (
              <progress className="w-28" aria-label={t("Export progress")} />
            )}
            {total && total > 0 ? t("Exporting… {{rows}} of {{total}} rows", { rows: state.rows, total }) : t("Exporting… {{rows}} rows", { rows: state.rows })}
          </span>
        ) : state.phase === "failed" ? (
          t("Some Error Occurred")
        ) : null}
      </div>
    </div>
  );
}
