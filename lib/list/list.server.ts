import { csvResponse } from "@lib/csv.server";
import { kathmanduDate } from "@lib/dates";
import { clampPageIndex, pageCount, parsePaging } from "@lib/pagination";
import { fiscalYearChoices, rangeCaption } from "@lib/nepali-calendar/ranges.server";
import { CALENDAR_TEXTS } from "@lib/nepali-calendar/texts";
import type { RangeOffer } from "@lib/nepali-calendar/types";
import {
  filterValues,
  QUICK_RANGE_DAYS,
  quickRange,
  parseFilters,
  parseSort,
  sortParam,
  type FilterOption,
  type ListData,
  type ListDefinition,
  type SortOrder,
  type FilterObject,
  type FilterOutput,
} from "./define";

export type { ListData } from "./define";

/**
 * The server half of the list kit: a route's loader hands it the request, the list's declaration
 * and the owning module's source (which applies the viewer's row scope), and gets the page's data
 * or the streamed export back.
 */

export interface ListQuery<F> {
  filters: F;
  sort: SortOrder;
}

/**
 * What a module provides for a list. Every method applies the viewer's row scope: a source is made
 * per viewer (e.g. `trekkerListSource(user)`), so no caller can forget it.
 */
export interface ListSource<Row, F> {
  /** How many rows match, or `cap` when at least `cap` do (counting stops there). */
  count(query: ListQuery<F>, cap: number): Promise<number>;
  /**
   * One page in the list's order. `matches`, when given, is the exact number of rows the filters
   * match (counted first, fewer than the cap): a source may then read them by the filters' most
   * selective index and sort them, rather than walk its order's index hoping to meet them.
   */
  page(query: ListQuery<F>, window: { offset: number; limit: number }, matches?: number): Promise<Row[]>;
  /**
   * Up to `limit` rows after `after` (the previous batch's last row) in the list's order: keyset,
   * never OFFSET, so an export of any size reads each row once.
   */
  batch(query: ListQuery<F>, after: Row | null, limit: number): Promise<Row[]>;
  /** Choices of the filter form's selects that come from data (routes, countries, agencies). */
  options?(): Promise<Record<string, FilterOption[]>>;
  /**
   * Count a filtered page before reading it and pass `page` the count (ADR 0031): for a source
   * whose page statement can be misplanned when few rows match. Others read all at once.
   */
  countFirst?: boolean;
}

/**
 * Counting every match of a large table costs more than the page itself. The count stops at
 * this many rows, or six pages past the current one if that is further, so the pagination
 * window always knows its pages; above it the page says "more than". 1,000 rather than 10,000
 * (docs/adr/0027-count-cap.md): even an index-only count of 10,001 entries took 2-2.5 ms, more
 * than the 50-row page it counts for, and staff read "more than 1,000" as they read "more
 * than 10,000": narrow it down.
 */
export const COUNT_CAP = 1_000;
const PAGE_WINDOW = 6;

export function countCap(pageIndex: number, pageSize: number): number {
  return Math.max(COUNT_CAP, (pageIndex + PAGE_WINDOW) * pageSize) + 1;
}

export interface ListOptions {
  hidden?: readonly string[];
}

export function listQuery<Row, S extends FilterObject>(definition: ListDefinition<Row, S>, url: URL): ListQuery<FilterOutput<S>> {
  return { filters: parseFilters(definition, url.searchParams), sort: parseSort(definition, url.searchParams) };
}

/** Loads one page of a list for a loader. A page past the end shows the last page. */
export async function loadList<Row, S extends FilterObject>(
  definition: ListDefinition<Row, S>,
  request: Request,
  source: ListSource<Row, FilterOutput<S>>,
  opts: ListOptions = {},
): Promise<ListData<Row>> {
  const url = new URL(request.url);
  const query = listQuery(definition, url);
  const paging = parsePaging(url.searchParams);
  const cap = countCap(paging.pageIndex, paging.pageSize);
  // The count, the filter form's choices and the asked-for page are read at once (each on its own
  // pooled connection): a page costs its slowest statement, not their sum. Only a page past the
  // end, which the count reveals afterwards, is read again, as the last page.
  const window = (index: number) => ({ offset: index * paging.pageSize, limit: paging.pageSize });
  const values = filterValues(query.filters as Record<string, unknown>);
  let counted: number;
  let options: Record<string, FilterOption[]>;
  let asked: Row[] | null = null;
  if (!source.countFirst || Object.keys(values).length === 0) {
    [counted, options, asked] = await Promise.all([
      source.count(query, cap),
      source.options?.() ?? Promise.resolve({}),
      source.page(query, window(paging.pageIndex)),
    ]);
  } else {
    // A filtered page is counted first: when few rows match, walking the order's index for them
    // can read the whole table (MariaDB prefers the index that gives the order under a LIMIT;
    // a filter matching nothing read 1M entries, 2 s). Knowing the count, the page of few
    // matches is read through the filters' index, and a count of 0 reads no page at all.
    [counted, options] = await Promise.all([source.count(query, cap), source.options?.() ?? Promise.resolve({})]);
  }
  const capped = counted >= cap;
  const pageIndex = capped ? paging.pageIndex : clampPageIndex(paging.pageIndex, pageCount(counted, paging.pageSize));
  const rows = counted === 0 ? [] : asked && pageIndex === paging.pageIndex ? asked : await source.page(query, window(pageIndex), capped ? undefined : counted);
  const today = kathmanduDate();
  return {
    rows,
    total: counted,
    capped,
    pageIndex,
    pageSize: paging.pageSize,
    values,
    sort: sortParam(query.sort),
    options,
    today,
    ...(definition.quickRange ? { ranges: listRanges(definition.quickRange, values, today) } : {}),
    hidden: [...(opts.hidden ?? [])],
  };
}

/**
 * A list's quick ranges (spec 1 §9's last 7, 30 and 90 days, then the Nepali fiscal years; both
 * ends included, as the date filters take them) and, when both date filters are set, the range
 * in both calendars.
 */
export function listRanges(params: { from: string; to: string }, values: Record<string, string>, today: string): RangeOffer {
  const lastDays = QUICK_RANGE_DAYS.map((days) => ({
    label: CALENDAR_TEXTS.lastDays(days),
    say: { key: "Last {{days}} days", params: { days } },
    ...quickRange(today, days),
  }));
  const from = values[params.from];
  const to = values[params.to];
  return {
    choices: [...lastDays, ...fiscalYearChoices(today, { endExclusive: false })],
    caption: from && to && from <= to ? rangeCaption(from, to, today) : null,
  };
}

/**
 * Rows per database read of an export: small enough that a batch (and the one read ahead) dies
 * in V8's young generation (scripts/node-flags.mjs), so a million-row export keeps a flat RSS;
 * large enough that the round trips do not show (docs/adr/0032-export-memory.md).
 */
export const EXPORT_BATCH = 2_500;

/**
 * Keyset batches of a source, stopping as soon as `signal` is aborted. The next batch is asked
 * for as soon as a full one arrives, so the database reads it while this one is formatted and
 * sent: at most one batch is read ahead (memory stays flat), and after a disconnect at most that
 * one more read happens.
 */
export async function* keysetBatches<Row, F>(
  source: ListSource<Row, F>,
  query: ListQuery<F>,
  opts: { size?: number; signal?: AbortSignal } = {},
): AsyncGenerator<Row[]> {
  const size = opts.size ?? EXPORT_BATCH;
  if (opts.signal?.aborted) return;
  let next: Promise<Row[]> | null = source.batch(query, null, size);
  try {
    while (next) {
      const rows: Row[] = await next;
      next = null;
      if (rows.length === size && !opts.signal?.aborted) {
        next = source.batch(query, rows[rows.length - 1], size);
        // Consumed by the next turn of the loop; if the consumer stops first, its failure is moot.
        next.catch(() => {});
      }
      if (rows.length) yield rows;
      if (opts.signal?.aborted) return;
    }
  } finally {
    // A read ahead that nobody will take: let it finish before the source is let go.
    if (next) await next.catch(() => {});
  }
}

/**
 * The list's CSV with the request's filters and sort (spec 2 §7: exports use the list's calls),
 * streamed from the database in keyset batches and stopped when the client disconnects.
 */
export function exportList<Row, S extends FilterObject>(
  definition: ListDefinition<Row, S>,
  request: Request,
  source: ListSource<Row, FilterOutput<S>>,
  opts: ListOptions & { batchSize?: number } = {},
): Response {
  const query = listQuery(definition, new URL(request.url));
  const hidden = new Set(opts.hidden ?? []);
  return csvResponse({
    fileName: definition.csv.fileName,
    columns: definition.csv.columns.filter((c) => !c.key || !hidden.has(c.key)),
    batches: keysetBatches(source, query, { size: opts.batchSize, signal: request.signal }),
    signal: request.signal,
  });
}
