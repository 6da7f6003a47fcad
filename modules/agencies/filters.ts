import { AGENCY_REQUEST_STATUSES, type AgencyRequestStatus } from "../users/agency-status";

export interface RequestFilters {
  status?: AgencyRequestStatus;
  search?: string;
}

/** Unknown values are ignored rather than refused: a stale bookmark still opens the list. */
export function parseRequestFilters(params: URLSearchParams): RequestFilters {
  const status = params.get("status") ?? "";
  const search = (params.get("name") ?? "").trim().slice(0, 100);
  return {
    status: AGENCY_REQUEST_STATUSES.some((s) => s.value === status) ? (status as AgencyRequestStatus) : undefined,
    search: search || undefined,
  };
}
