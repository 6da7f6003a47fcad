import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse, paged } from "~/utils/csv.server";
import { displayDate } from "~/utils/dates";
import { requirePermission } from "~/utils/guards.server";
import { parseRequestFilters } from "@modules/agencies/filters";
import { listAgencyRequests, type AgencyRequestRow } from "@modules/agencies/service.server";
import { AGENCY_REQUEST_STATUSES } from "@modules/users/agency-status";

/** CSV "Requests" of the agency list with the list's filters, streamed page by page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "requests");
  const filters = parseRequestFilters(new URL(request.url).searchParams);
  const label = (r: AgencyRequestRow) => AGENCY_REQUEST_STATUSES.find((s) => s.value === r.requestStatus)?.label ?? "";
  return csvResponse<AgencyRequestRow>(
    "Requests",
    [
      { header: "Status", value: label },
      { header: "Company Name", value: (r) => r.organizationName ?? r.fullName },
      { header: "Email", value: (r) => r.email },
      { header: "Address", value: (r) => r.contactAddress },
      { header: "PAN", value: (r) => r.panNumber },
      { header: "Contact Number", value: (r) => r.contactNo },
      { header: "Regd. Date", value: (r) => displayDate(r.createdAt) },
    ],
    paged(async (offset, limit) => (await listAgencyRequests({ ...filters, offset, limit })).rows),
  );
}
