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

/**
 * A line is a sale (cards a payment bought) or a credit: the reversal of cards an earlier pushed
 * sale line carried that are no sale any more (their payment was refunded, or they were pushed
 * before generated cards were left out). A credit names the sale line it reverses, copies its
 * date, customer and item, and counts its cards negative.
 */
export type LineKind = "sale" | "credit";

/** One line of the chalan: a day's contiguous card numbers of one customer and item. */
export interface ChalanRow {
  salesDate: string;
  customerCode: string;
  itemCode: string;
  cardFrom: number;
  cardTo: number;
  /** Cards in the range; negative for a credit. */
  qty: number;
  kind: LineKind;
  /** A credit's sale line (chalan_lines.id); null for a sale. */
  reversesLineId: number | null;
}

/** A card as the grouping sees it; `tag` splits a range too (the tims-chalan's pushed status). */
export interface ChalanCard {
  salesDate: string;
  customerCode: string;
  itemCode: string;
  cardNumber: number;
  kind?: LineKind;
  reversesLineId?: number | null;
  tag?: string;
}

const order = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** Date, sales before credits, customer, item, the sale line a credit reverses, number. */
export const compareCards = (a: ChalanCard, b: ChalanCard) =>
  order(a.salesDate, b.salesDate) ||
  order(a.kind === "credit" ? 1 : 0, b.kind === "credit" ? 1 : 0) ||
  order(a.customerCode, b.customerCode) ||
  order(a.itemCode, b.itemCode) ||
  order(a.reversesLineId ?? 0, b.reversesLineId ?? 0) ||
  a.cardNumber - b.cardNumber;

/**
 * Cards sorted by `compareCards` become ranges: a new range starts when the date, the kind, the
 * customer, the item, the reversed line or the tag changes, or the next number is not the
 * previous plus one (a gap: another customer's card, an item of another price, or a card not
 * included).
 */
export function* rangesOf<C extends ChalanCard>(sorted: Iterable<C>): Generator<ChalanRow & { tag?: string }> {
  let open: (ChalanRow & { tag?: string }) | null = null;
  for (const c of sorted) {
    const kind = c.kind ?? "sale";
    const reverses = kind === "credit" ? (c.reversesLineId ?? null) : null;
    if (
      open &&
      open.salesDate === c.salesDate &&
      open.kind === kind &&
      open.customerCode === c.customerCode &&
      open.itemCode === c.itemCode &&
      open.reversesLineId === reverses &&
      open.tag === c.tag &&
      c.cardNumber === open.cardTo + 1
    ) {
      open.cardTo = c.cardNumber;
      open.qty += kind === "credit" ? -1 : 1;
      continue;
    }
    if (open) yield open;
    open = {
      salesDate: c.salesDate,
      customerCode: c.customerCode,
      itemCode: c.itemCode,
      cardFrom: c.cardNumber,
      cardTo: c.cardNumber,
      qty: kind === "credit" ? -1 : 1,
      kind,
      reversesLineId: reverses,
      ...(c.tag !== undefined ? { tag: c.tag } : {}),
    };
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

/**
 * A sale (issue 25 item 2): a card is sold when a payment bought it, that is its registration's
 * bill (a settled gateway payment or an approved voucher) issued it and that payment has not
 * been refunded. A card made by Generate Card is no sale, even on a registration that has a bill
 * (a payment that settled after the cards were generated issued none of them); nor is a free
 * child card, which can only be generated (a registration of children alone has nothing to pay).
 * A child on a paid registration is sold, as TIMS-CHILD at its fee-table price (nothing).
 */
export function isSale(card: { generated: boolean }, saleState: "paid" | "refunded" | undefined): boolean {
  return !card.generated && saleState === "paid";
}
