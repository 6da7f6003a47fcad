import { displayDate } from "@lib/dates";
import type { ListColumn } from "@lib/list/define";
import type { ReturnState } from "../lifecycle";
import type { TrekkerRowAction } from "../row-actions";
import { cardNumberText } from "../card-number";
import { Say } from "@lib/ui/table";

/**
 * What the trekker lists share (the lists themselves are one file each, so a page loads only its
 * own, ADR 0029). All read the one trekker search of the registration module through
 * `trekkerListSource` (trekker-list-source.server.ts), which applies the viewer's row scope.
 */

/** A trekker as the lists show it: the person, the trek and the card. */
export interface TrekkerItem {
  trekkerId: number;
  registrationId: number;
  fullName: string;
  routeName: string;
  cardNumber: number | null;
  /** SAARC, Others or Child (the spec's Regional). */
  regional: string;
  country: string;
  registeredAt: Date;
  /** The registering user's name: the agency, the free trekker or the checkpost (RegisterName). */
  agency: string;
  status: string;
  /** The card's issue, i.e. payment, date (PaymmentDate). */
  issuedAt: Date | null;
  entryDate: string;
  exitDate: string;
  returnState: ReturnState | null;
  deletedAt: Date | null;
  deleteRemarks: string | null;
  deletedBy: string;
  deletedIp: string | null;
  /** What this viewer may do with the row (page only; empty in exports). */
  actions: TrekkerRowAction[];
}

// Columns shared by several lists.
export const trekker: ListColumn<TrekkerItem> = { key: "trekker", header: "Trekker", cell: (r) => r.fullName };
export const id: ListColumn<TrekkerItem> = { key: "id", header: "Id", cell: (r) => r.registrationId };
export const area: ListColumn<TrekkerItem> = { key: "area", header: "Trekking Area", cell: (r) => r.routeName };
export const cardNumber: ListColumn<TrekkerItem> = { key: "card", header: "Card Number", cell: (r) => cardNumberText(r.cardNumber) };
export const country: ListColumn<TrekkerItem> = { key: "country", header: "Country", cell: (r) => r.country };
export const agency: ListColumn<TrekkerItem> = { key: "agency", header: "Agency", cell: (r) => r.agency };
export const status: ListColumn<TrekkerItem> = { key: "status", header: "Card Status", cell: (r) => <Say text={r.status} /> };
export const registered: ListColumn<TrekkerItem> = {
  key: "registered",
  header: "Registered Date",
  cell: (r) => displayDate(r.registeredAt),
  sort: "registered",
};
