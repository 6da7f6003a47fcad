/**
 * A list page's URL parameters, apart from the paging maths (lib/pagination.ts) and the filters'
 * parsers (lib/list/define.ts), which the server alone runs: the list kit in the browser and form
 * pages that share its chunk then do not load those as well (about 0.4 KB on /route-add and
 * /account-settings/photo, 0.2 KB on each list page). The spelling is part of the public URLs, so keep it.
 */
export const PAGE_INDEX_PARAM = "pageindex";
export const PAGE_SIZE_PARAM = "pageSize";
export const SORT_PARAM = "sort";

/** Parameters that are the page's state, not a filter (kept by the filter form, dropped by exports). */
export const PAGING_PARAMS = [PAGE_INDEX_PARAM, PAGE_SIZE_PARAM] as const;

/** The export's query: the list's current filters and sort, without paging. */
export function exportSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const p of PAGING_PARAMS) params.delete(p);
  const text = params.toString();
  return text ? `?${text}` : "";
}
