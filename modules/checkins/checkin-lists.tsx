import { displayDateTime } from "@lib/dates";
import { dateFilter, defineList, filterObject, idFilter } from "@lib/list/define";
import { METHOD_LABELS, checkLabel } from "./scan-labels";

/** One check-in as the Scanned Trekkers and Self Scan Trekkers lists show it. */
export interface CheckinItem {
  id: number;
  trekkerId: number;
  registrationId: number;
  fullName: string;
  cardNumber: number | null;
  routeName: string;
  place: string;
  method: keyof typeof METHOD_LABELS;
  direction: "in" | "out";
  at: string | Date;
  recordedBy: string;
  /** A refused card's sighting (ADR 0028): why it was refused. */
  refusedReason: string | null;
  /** Recorded at a checkpoint off the card's route (issue 26). */
  offRoute: boolean;
}

const filters = filterObject({ startDate: dateFilter(), endDate: dateFilter(), cardNumber: idFilter() });
const fields = [
  { kind: "search", name: "cardNumber", label: "Card Number", placeholder: "Card number" },
  { kind: "date", name: "startDate", label: "Start Date" },
  { kind: "date", name: "endDate", label: "End Date" },
] as const;

const columns = [
  { key: "trekker", header: "Trekker", cell: (r: CheckinItem) => r.fullName },
  { key: "card", header: "Card Number", cell: (r: CheckinItem) => r.cardNumber ?? "—" },
  { key: "area", header: "Trekking Area", cell: (r: CheckinItem) => r.routeName },
  { key: "place", header: "Location", cell: (r: CheckinItem) => r.place },
  {
    key: "direction",
    header: "Check",
    cell: (r: CheckinItem) =>
      r.refusedReason ? (
        <strong className="font-semibold text-red-800" data-testid="refused-scan">
          {checkLabel(r)}
        </strong>
      ) : r.offRoute ? (
        <strong className="font-semibold text-amber-800" data-testid="off-route-checkin">
          {checkLabel(r)}
        </strong>
      ) : (
        checkLabel(r)
      ),
  },
  { key: "method", header: "Method", cell: (r: CheckinItem) => METHOD_LABELS[r.method] },
  { key: "at", header: "Action Date", cell: (r: CheckinItem) => displayDateTime(r.at), sort: "at" },
];

const csvColumns = [
  { header: "Trekker", value: (r: CheckinItem) => r.fullName },
  { header: "Card Number", value: (r: CheckinItem) => r.cardNumber },
  { header: "Registration Id", value: (r: CheckinItem) => r.registrationId },
  { header: "Trekking Area", value: (r: CheckinItem) => r.routeName },
  { header: "Location", value: (r: CheckinItem) => r.place },
  { header: "Check", value: (r: CheckinItem) => (r.refusedReason ? "Refused" : checkLabel(r)) },
  { header: "Refused Reason", value: (r: CheckinItem) => r.refusedReason ?? "" },
  { header: "Method", value: (r: CheckinItem) => METHOD_LABELS[r.method] },
  { header: "Action Date", value: (r: CheckinItem) => displayDateTime(r.at) },
  { header: "Recorded By", value: (r: CheckinItem) => r.recordedBy, key: "recordedBy" },
];

/** The checkpost's Scanned Trekkers (spec 2 §2): the check-ins it recorded, newest first. */
export const scannedTrekkersList = defineList({
  filters,
  fields,
  quickRange: { from: "startDate", to: "endDate" },
  sort: { keys: ["at"], default: "-at" },
  columns,
  csv: { fileName: "ScannedTrekkersList", columns: csvColumns },
});

/** Self Scan Trekkers (spec 2 §2): trekkers' own check-ins. */
export const selfScanTrekkersList = defineList({
  filters,
  fields,
  quickRange: { from: "startDate", to: "endDate" },
  sort: { keys: ["at"], default: "-at" },
  columns,
  csv: { fileName: "ScannedTrekkersList", columns: csvColumns },
});
