import { displayDate } from "@lib/dates";
import { useT } from "@lib/i18n/context";
import { choiceFilter, defineList, textFilter, filterObject } from "@lib/list/define";
import { AGENCY_REQUEST_STATUSES, type AgencyRequestStatus } from "@modules/users/index";
import type { AgencyRequestListRow } from "@modules/users/index.server";

/** A status in the page's language: lib/ui/table's Say would bring the table to every page of this module's entry. */
const Say = ({ text }: { text: string }) => <>{useT().t(text)}</>;

/**
 * Requests > Trekking Agency (spec 2 §2), declared once with the list kit: status filter, search
 * on Enter (company, e-mail or address), export "Requests". A row opens the request.
 */
const STATUS_LABEL = Object.fromEntries(AGENCY_REQUEST_STATUSES.map((s) => [s.value, s.label])) as Record<AgencyRequestStatus, string>;
const STATUS_STYLE: Record<AgencyRequestStatus, string> = {
  pending: "bg-amber-100 text-amber-800",
  approved: "bg-green-100 text-green-800",
  rejected: "bg-red-100 text-red-800",
  document_pending: "bg-slate-100 text-slate-700",
};

export const agencyRequestsList = /* @__PURE__ */ defineList({
  filters: /* @__PURE__ */ filterObject({
    status: /* @__PURE__ */ choiceFilter(AGENCY_REQUEST_STATUSES.map((s) => s.value) as [AgencyRequestStatus, ...AgencyRequestStatus[]]),
    name: /* @__PURE__ */ textFilter(),
  }),
  fields: [
    { kind: "select", name: "status", label: "Status", options: AGENCY_REQUEST_STATUSES },
    { kind: "search", name: "name", label: "Search", placeholder: "Company, e-mail or address" },
  ],
  columns: [
    // The row's link: a status alone would not say which request it opens.
    { key: "company", header: "Company Name", cell: (r: AgencyRequestListRow) => r.organizationName ?? r.fullName },
    {
      key: "status",
      header: "Status",
      cell: (r: AgencyRequestListRow) => (
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[r.requestStatus]}`}>
          <Say text={STATUS_LABEL[r.requestStatus]} />
        </span>
      ),
    },
    { key: "email", header: "Email", cell: (r: AgencyRequestListRow) => r.email },
    { key: "address", header: "Address", cell: (r: AgencyRequestListRow) => r.contactAddress ?? "" },
    { key: "date", header: "Regd. Date", cell: (r: AgencyRequestListRow) => displayDate(r.createdAt) },
  ],
  csv: {
    fileName: "Requests",
    columns: [
      { header: "Status", value: (r: AgencyRequestListRow) => STATUS_LABEL[r.requestStatus] },
      { header: "Company Name", value: (r: AgencyRequestListRow) => r.organizationName ?? r.fullName },
      { header: "Email", value: (r: AgencyRequestListRow) => r.email },
      { header: "Address", value: (r: AgencyRequestListRow) => r.contactAddress },
      { header: "PAN", value: (r: AgencyRequestListRow) => r.panNumber },
      { header: "Contact Number", value: (r: AgencyRequestListRow) => r.contactNo },
      { header: "Regd. Date", value: (r: AgencyRequestListRow) => displayDate(r.createdAt) },
    ],
  },
});
