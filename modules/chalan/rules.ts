/**
 * The sales chalan's rules (spec 2 §3 "Chalan rows", issue 16 item 4), pure so the browser, the
 * services and the tests share them: which customer and item a card is billed as, and how a day's
 * cards become contiguous card number ranges.
 */

import { ITEM_CODES, type ItemCode } from "./item-codes";

/** Trekker type 5 is a child; countries of price region 1 are SAARC (DESIGN.md "Countries"). */
export const CHILD_TREKKER_TYPE = 5;
export const SAARC_REGION = 1;

export function itemCodeOf(trekkerType: number, regionId: number | undefined): ItemCode {
  if (trekkerType === CHILD_TREKKER_TYPE) return ITEM_CODES.child;
  return regionId === SAARC_REGION ? ITEM_CODES.saarc : ITEM_CODES.foreign;
}

/** The ERP's customer for a registration's user: an agency by its PAN, free trekkers as one, each checkpost, the board. */
export const FIT_CUSTOMER = "FIT";
export const BOARD_CUSTOMER = "NTB";
export const checkpostCustomer = (userId: number) => `CP-${userId}`;

export function customerCodeOf(user: { id: number; userType: number; panNumber?: string | null } | undefined): string {
  if (!user) return "";
  switch (user.userType) {
    case 2:
      return (user.panNumber ?? "").trim();
    case 1:
      return FIT_CUSTOMER;
    case 5:
      return checkpostCustomer(user.id);
    case 4:
      return BOARD_CUSTOMER;
    default:
      // TAAN registers no treks; anything else is billed to no one and the ERP refuses it.
      return "";
  }
}

/** One line of the chalan: a day's contiguous card numbers of one customer and item. */
export interface ChalanRow {
  salesDate: string;
  customerCode: string;
  itemCode: string;
  cardFrom: number;
  cardTo: number;
  qty: number;
}

/** A card as the grouping sees it; `tag` splits a range too (the tims-chalan's pushed status). */
export interface ChalanCard {
  salesDate: string;
  customerCode: string;
  itemCode: string;
  cardNumber: number;
  tag?: string;
}

export const compareCards = (a: ChalanCard, b: ChalanCard) =>
  a.salesDate < b.salesDate ? -1 : a.salesDate > b.salesDate ? 1 : a.customerCode < b.customerCode ? -1 : a.customerCode > b.customerCode ? 1 : a.itemCode < b.itemCode ? -1 : a.itemCode > b.itemCode ? 1 : a.cardNumber - b.cardNumber;

/**
 * Cards sorted by date, customer, item and number become ranges: a new range starts when any of
 * the four changes or the next number is not the previous plus one (a gap: another customer's
 * card, an item of another price, or a card not included).
 */
export function* rangesOf<C extends ChalanCard>(sorted: Iterable<C>): Generator<ChalanRow & { tag?: string }> {
  let open: (ChalanRow & { tag?: string }) | null = null;
  for (const c of sorted) {
    if (open && open.salesDate === c.salesDate && open.customerCode === c.customerCode && open.itemCode === c.itemCode && open.tag === c.tag && c.cardNumber === open.cardTo + 1) {
      open.cardTo = c.cardNumber;
      open.qty++;
      continue;
    }
    if (open) yield open;
    open = { salesDate: c.salesDate, customerCode: c.customerCode, itemCode: c.itemCode, cardFrom: c.cardNumber, cardTo: c.cardNumber, qty: 1, ...(c.tag !== undefined ? { tag: c.tag } : {}) };
  }
  if (open) yield open;
}

export const CHALAN_MESSAGES = {
  startRequired: "Start Date is required",
  endRequired: "End Date is required",
  endBeforeStart: "End Date must be on or after Start Date",
  customerStartRequired: "Start Date is required or clear end date to continue",
  customerEndRequired: "End Date is required or clear start date to continue",
  pushed: "Chalan have pushed successfully.",
  nothingNew: "Nothing new to push for these dates.",
  nothingToVerify: "There is no chalan to verify for these dates: every card issued in them has been pushed, or none was issued.",
  running: "A push to the ERP is already running. Wait for it to finish before starting another.",
  notConfigured: "The ERP is not configured",
  confirm: (start: string, end: string) => `Are you sure you want to generate the bill for ${start} to ${end}?`,
  refused: (n: number) => `${n} ${n === 1 ? "row" : "rows"} refused`,
} as const;

/** A push's states. */
export type PushStatus = "queued" | "running" | "done" | "failed";
export type LineStatus = "pending" | "pushed" | "refused";

/** The message a finished push ends with; null while it runs (or when it failed: its error says why). */
export function pushOutcome(p: { status: PushStatus; refusedLines: number }): string | null {
  if (p.status !== "done") return null;
  return p.refusedLines ? CHALAN_MESSAGES.refused(p.refusedLines) : CHALAN_MESSAGES.pushed;
}
