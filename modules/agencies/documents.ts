/** The five onboarding documents (spec 2 §2 Upload Documents), one file each. */
export const DOCUMENT_SLOTS = [
  { type: 1, field: "companyRegistration", label: "Company Registration Document" },
  { type: 2, field: "vatPan", label: "VAT/PAN" },
  { type: 3, field: "dot", label: "DOT" },
  { type: 4, field: "taxClearance", label: "Tax clearance" },
  { type: 5, field: "taanRenewal", label: "TAAN Renewal" },
] as const;

export type DocumentField = (typeof DOCUMENT_SLOTS)[number]["field"];

export function documentLabel(type: number): string {
  return DOCUMENT_SLOTS.find((s) => s.type === type)?.label ?? "Document";
}
