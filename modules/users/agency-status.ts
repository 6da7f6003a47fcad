/**
 * Request filter values for agencies (docs/decisions.md: the agency flow of spec 1 §4 wins over
 * spec 2's conflicting mapping). Pure, so list pages can use it in the browser too.
 */
export type AgencyRequestStatus = "approved" | "pending" | "rejected" | "document_pending";

export const AGENCY_REQUEST_STATUSES: { value: AgencyRequestStatus; label: string }[] = [
  { value: "pending", label: "Pending Review" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "document_pending", label: "Documents Pending" },
];

export function agencyRequestStatus(a: { isDocumentUploaded: boolean; isVerified: boolean | null }): AgencyRequestStatus {
  if (!a.isDocumentUploaded) return "document_pending";
  if (a.isVerified === null) return "pending";
  return a.isVerified ? "approved" : "rejected";
}
