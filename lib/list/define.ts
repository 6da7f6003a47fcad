import type { ReactNode } from "react";
import { addDays, isIsoDate } from "@lib/dates";
import { SINGLE_LINE_CONTROLS } from "@lib/control-characters";
import { SORT_PARAM } from "@lib/page-params";
export { PAGING_PARAMS, SORT_PARAM, exportSearch } from "@lib/page-params";
import type { RangeOffer } from "@lib/nepali-calendar/types";

/**
 * The list kit's declaration (DESIGN.md "Lists are declared once"): a list names its filters as a
 * filter object over URL parameters (`filterObject`, below; no zod, so list pages load none), how the filter form shows them, its sort keys, its page columns
 * and its CSV columns. The server half (list.server.ts) parses a request with it, asks the owning
 * module's source for one page or for keyset batches, and streams the export; the UI half
 * (@lib/ui/list) renders the GET filter form, the table, the paging and the export button from it.
 * Pure and browser-safe: pages import the same object their loaders use.
 */

export interface FilterOption {
  value: string;
  label: string;
}

/** How one filter shows in the GET form. `name` is the URL parameter (and a key of the schema). */
export type FilterField =
  | {
      kind: "select";
      name: string;
      label: string;
      /** Fixed choices, or the key under which the loader sends them (`options` of the page data). */
      options: readonly FilterOption[] | string;
      /** The empty choice; "All" unless said. */
      allLabel?: string;
    }
  | { kind: "date"; name: string; label: string }
  | { kind: "search"; name: string; label: string; placeholder: string };

export interface ListColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
  /** A sort key of the list: the header becomes a link that sorts by it. */
  sort?: string;
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
  /** Names the column for `hidden` (e.g. the agency column, absent for agencies). */
  key?: string;
}

/** One filter: reads its URL parameter, or undefined when absent or not valid. */
export interface Filter<T> {
  parse(raw: unknown): T | undefined;
}
export type FilterShape = Record<string, Filter<unknown>>;
/** The list's filters, as `filterObject({ name: textFilter(), ... })`. */
export interface FilterObject<Shape extends FilterShape = FilterShape> {
  shape: Shape;
}
/** The parsed filters of a FilterObject (each undefined when off). */
export type FilterOutput<S extends FilterObject> = { [K in keyof S["shape"]]: S["shape"][K] extends Filter<infer T> ? T | undefined : never };

export const filterObject = <Shape extends FilterShape>(shape: Shape): FilterObject<Shape> => ({ shape });

export interface ListDefinition<Row, Schema extends FilterObject = FilterObject> {
  /** Filters over the URL's parameters; build fields with the helpers below. */
  filters: Schema;
  /** The filter form, in order. A search field submits on Enter like any GET form. */
  fields: readonly FilterField[];
  /** The date filters the quick ranges (7, 30, 90 days and the Nepali fiscal years) fill; both days included. */
  quickRange?: { from: string; to: string };
  /** Sort keys and the default ("-key" for descending). */
  sort?: { keys: readonly string[]; default: string };
  columns: readonly ListColumn<Row>[];
  csv: { fileName: string; columns: readonly CsvColumn<Row>[] };
  /** The table's empty text; the kit's default is the spec's "No Data Found For This Table". */
  emptyText?: string;
}

/**
 * What a page's component needs of a list: its form, table and file name, without the filters'
 * parsers and the CSV columns, which only the server runs. A list whose bytes matter (the trekker
 * lists, ADR 0038) exports this half to the browser and builds its ListDefinition from it in a
 * .server file; every ListDefinition is one too.
 */
export type ListViewDefinition<Row> = Pick<ListDefinition<Row>, "fields" | "quickRange" | "sort" | "columns" | "emptyText"> & { csv: { fileName: string } };

/** A list page's data (what loadList returns): everything the kit's components need, and nothing of other lists. */
export interface ListData<Row> {
  rows: Row[];
  /** Rows matching, or the cap when `capped`. */
  total: number;
  /** There are more than `total - 1` rows; the count stopped. */
  capped: boolean;
  pageIndex: number;
  pageSize: number;
  /** The filters as the form shows them again. */
  values: Record<string, string>;
  sort: string;
  options: Record<string, FilterOption[]>;
  /** Nepal's date when the page was made. */
  today: string;
  /** A list with `quickRange`: its quick ranges and the chosen range in both calendars. */
  ranges?: RangeOffer;
  /** Column and filter keys this viewer does not see (page and export alike). */
  hidden: string[];
}

/** Declares a list; an identity function that keeps the row and filter types together. */
export function defineList<Row, Schema extends FilterObject>(definition: ListDefinition<Row, Schema>): ListDefinition<Row, Schema> {
  return definition;
}

// Filter fields. A value that does not parse is dropped (the filter is off) rather than refused:
// list URLs are bookmarked and shared, and a stale one should still open the list.

/**
 * Searched text as lists and the header search read it: control characters (a NUL broke the
 * query on SQLite, issue 26) are dropped, since no stored text can hold them (forms refuse them),
 * then trimmed and cut to `max` characters. Empty is "".
 */
export function searchText(value: unknown, max = 100): string {
  return typeof value === "string" ? value.replace(CONTROL_CHARS, "").trim().slice(0, max) : "";
}
const CONTROL_CHARS = new RegExp(SINGLE_LINE_CONTROLS.source, "g");

/** Free text (see searchText); empty means no filter. */
export const textFilter = (max = 100): Filter<string> => ({
  parse: (v) => searchText(v, max) || undefined,
});

/** A calendar date as YYYY-MM-DD (spec 2 §9: filters use YYYY-MM-DD). */
export const dateFilter = (): Filter<string> => ({
  parse: (v) => (isIsoDate(v) ? v : undefined),
});

/** A positive integer id. */
export const idFilter = (): Filter<number> => ({
  parse: (v) => (typeof v === "string" && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : undefined),
});

/** One of fixed values. */
export const choiceFilter = <const T extends readonly [string, ...string[]]>(values: T): Filter<T[number]> => ({
  parse: (v) => (typeof v === "string" && (values as readonly string[]).includes(v) ? (v as T[number]) : undefined),
});

/** Reads the list's filters from the URL: only the filter object's own parameters, first value of each. */
export function parseFilters<Row, Schema extends FilterObject>(definition: ListDefinition<Row, Schema>, params: URLSearchParams): FilterOutput<Schema> {
  return Object.fromEntries(
    Object.entries(definition.filters.shape).map(([key, filter]) => [key, filter.parse(params.get(key) ?? undefined)]),
  ) as FilterOutput<Schema>;
}

/** The parsed filters as the form shows them again (strings, only those set). */
export function filterValues(filters: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined && v !== null && v !== "")
      .map(([k, v]) => [k, String(v)]),
  );
}

export interface SortOrder {
  key: string;
  desc: boolean;
}

/** The sort of the URL when it is one of the list's keys, else the list's default (newest first without one). */
export function parseSort(definition: Pick<ListDefinition<unknown>, "sort">, params: URLSearchParams): SortOrder {
  const keys = definition.sort?.keys ?? [];
  const raw = params.get(SORT_PARAM) ?? "";
  const desc = raw.startsWith("-");
  const key = desc ? raw.slice(1) : raw;
  if (keys.includes(key)) return { key, desc };
  const fallback = definition.sort?.default ?? "-id";
  return { key: fallback.replace(/^-/, ""), desc: fallback.startsWith("-") };
}

export const sortParam = (sort: SortOrder) => `${sort.desc ? "-" : ""}${sort.key}`;

/** The quick ranges of spec 1 §9 (7, 30 and 90 days), each ending today. */
export const QUICK_RANGE_DAYS = [7, 30, 90] as const;

/** "Last N days": the N calendar days up to and including today. */
export function quickRange(today: string, days: number): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}
