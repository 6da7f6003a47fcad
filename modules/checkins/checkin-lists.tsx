import { displayDateTime } from "@lib/dates";
import type { ListViewDefinition } from "@lib/list/define";
import { METHOD_LABELS } from "./scan-labels";
import { CheckLabel } from "./components/check-label";
import { Say } from "@lib/ui/table";

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
          <CheckLabel row={r} />
        </strong>
      ) : r.offRoute ? (
        <strong className="font-semibold text-amber-800" data-testid="off-route-checkin">
          <CheckLabel row={r} />
        </strong>
      ) : (
        <CheckLabel row={r} />
      ),
  },
  { key: "method", header: "Method", cell: (r: CheckinItem) => <Say text={METHOD_LABELS[r.method]} /> },
  { key: "at", header: "Action Date", cell: (r: CheckinItem) => displayDateTime(r.at), sort: "at" },
];

/**
 * The page's half of the Scanned Trekkers and Self Scan Trekkers lists (ADR 0038): what their
 * component shows. Their filters' parsers and CSV columns are in checkin-lists.server.ts.
 */
export const checkinListView: ListViewDefinition<CheckinItem> = {
  fields,
  quickRange: { from: "startDate", to: "endDate" },
  sort: { keys: ["at"], default: "-at" },
  columns,
  csv: { fileName: "ScannedTrekkersList" },
};
