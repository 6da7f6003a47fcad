/**
 * Paging maths shared by loaders (which read the URL) and the Pagination component (which writes
 * it). Pure so both server and client agree, and so it is cheap to test.
 */

/** The first entry is the default: list screens open with 50 rows. */
export const PAGE_SIZES = [50, 10, 20, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export const DEFAULT_PAGE_SIZE: PageSize = PAGE_SIZES[0];

import { PAGE_INDEX_PARAM, PAGE_SIZE_PARAM } from "./page-params";
export { PAGE_INDEX_PARAM, PAGE_SIZE_PARAM };

export interface Paging {
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
}

// Only plain digit strings count: "1e3", "0x10", "2.5" and " 3" are hand-edited URLs, not pages.
function parseNonNegativeInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : null;
}

function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

/**
 * Reads paging from the URL. Anything malformed falls back to the defaults instead of throwing,
 * because these URLs are bookmarked and shared and a bad one should still show a list.
 */
export function parsePaging(searchParams: URLSearchParams): Paging {
  const pageIndex = parseNonNegativeInt(searchParams.get(PAGE_INDEX_PARAM)) ?? 0;
  const size = parseNonNegativeInt(searchParams.get(PAGE_SIZE_PARAM));
  const pageSize = size !== null && isPageSize(size) ? size : DEFAULT_PAGE_SIZE;
  return { pageIndex, pageSize };
}

export function pageCount(totalRows: number, pageSize: number): number {
  if (!(totalRows > 0) || !(pageSize > 0)) return 0;
  return Math.ceil(totalRows / pageSize);
}

/**
 * parsePaging cannot know the total, so a loader that has counted rows can pull an
 * out-of-range page (e.g. after deletions) back to the last one.
 */
export function clampPageIndex(pageIndex: number, pages: number): number {
  if (!(pages >= 1) || !Number.isFinite(pageIndex)) return 0;
  return Math.min(Math.max(0, Math.trunc(pageIndex)), Math.trunc(pages) - 1);
}

/**
 * At most `size` consecutive 0-based page indexes around the current page. With an even window
 * the current page sits just left of centre (2 before, 3 after for 6) since "next" is the more
 * common move. Near either end the window slides instead of shrinking.
 */
export function pageWindow(pageIndex: number, pages: number, size = 6): number[] {
  const total = Number.isFinite(pages) ? Math.max(0, Math.trunc(pages)) : 0;
  const count = Number.isFinite(size) ? Math.min(Math.max(0, Math.trunc(size)), total) : 0;
  if (count === 0) return [];
  const current = clampPageIndex(pageIndex, total);
  const start = Math.min(Math.max(0, current - Math.floor((count - 1) / 2)), total - count);
  return Array.from({ length: count }, (_, i) => start + i);
}

const count = (n: number) => n.toLocaleString("en-US");

/** How the label is said: English by default; a page passes its translator's t (ADR 0047), which writes the numbers its language's way. */
export type SayLabel = (key: string, params: Record<string, number>) => string;
const inEnglish: SayLabel = (key, params) => key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => count(params[name] ?? 0));

/**
 * "Showing 1-50 of 120"; a page past the end shows "0-0" rather than an inverted range. With
 * `capped` the count stopped at `totalRows` (the list kit counts large lists only so far), so
 * the label says "of more than …" what is known to exist before the cap.
 */
export function showingLabel(pageIndex: number, pageSize: number, totalRows: number, capped = false, say: SayLabel = inEnglish): string {
  const total = Math.max(0, totalRows);
  const more = capped && total > 0;
  const of = more ? total - 1 : total;
  const from = pageIndex * pageSize + 1;
  if (total === 0 || pageSize <= 0 || pageIndex < 0 || (from > total && !capped)) {
    return more ? say("Showing 0-0 of more than {{total}}", { total: of }) : say("Showing 0-0 of {{total}}", { total: of });
  }
  const to = capped ? (pageIndex + 1) * pageSize : Math.min(total, (pageIndex + 1) * pageSize);
  return more
    ? say("Showing {{from}}-{{to}} of more than {{total}}", { from, to, total: of })
    : say("Showing {{from}}-{{to}} of {{total}}", { from, to, total: of });
}
