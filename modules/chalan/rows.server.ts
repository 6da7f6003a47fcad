import { QueryTypes, type Transaction } from "sequelize";
import { addDays, kathmanduDayStart } from "@lib/dates";
import { issuedCardsBetween, issuedCardsOfRegistrations, type IssuedCardRow } from "@modules/cards/index.server";
import { listCountries } from "@modules/lookups/index.server";
import { refundedSaleRegistrations, saleStates, type SaleState } from "@modules/payments/index.server";
import { customerAccounts, type CustomerAccount } from "@modules/users/index.server";
import { sequelize } from "../../db/sequelize.server";
import { isoDay } from "../../db/select-arrays.server";
import { compareCards, customerCodeOf, isSale, itemCodeOf, rangesOf, type ChalanCard, type ChalanRow, type LineStatus } from "./rules";

/**
 * The chalan rows of a date range (issue 16 item 4; issue 25 item 2), computed one Nepal day at a
 * time: that day's issued cards (the cards module's read through the index on `issuedAt`), each
 * a sale when a payment bought it and was not refunded (payments' answer, `isSale`), priced as an
 * item and billed to its owner's customer code, sorted in memory and cut into ranges at every
 * gap. Cards that an earlier push sent as sales and that are no sale now become credit rows. A
 * day is the unit of the chalan (its rows carry the date), so memory holds one day's cards
 * whatever the range, and no SQL date arithmetic (which differs between SQLite and MariaDB) is
 * needed to find the Nepal date of an instant.
 */

/** Looks up customers, countries and the registrations' payments once per computation, not once per card. */
export class ChalanContext {
  private customers = new Map<number, CustomerAccount | null>();
  private regions: Map<number, number> | null = null;
  private sales = new Map<number, SaleState | null>();

  region(countryId: number): number | undefined {
    return this.regions?.get(countryId);
  }

  async load(cards: readonly IssuedCardRow[]): Promise<void> {
    if (!this.regions) this.regions = new Map((await listCountries()).map((c) => [Number(c.id), Number(c.regionId)]));
    const missing = [...new Set(cards.map((c) => c.ownerId))].filter((id) => !this.customers.has(id));
    if (missing.length) {
      const found = await customerAccounts(missing);
      for (const id of missing) this.customers.set(id, null);
      for (const a of found) this.customers.set(a.id, a);
    }
    const regs = [...new Set(cards.map((c) => c.registrationId))].filter((id) => !this.sales.has(id));
    if (regs.length) {
      const states = await saleStates(regs);
      for (const id of regs) this.sales.set(id, states.get(id) ?? null);
    }
  }

  customerCode(ownerId: number): string {
    return customerCodeOf(this.customers.get(ownerId) ?? undefined);
  }

  sold(card: IssuedCardRow): boolean {
    return isSale(card, this.sales.get(card.registrationId) ?? undefined);
  }
}

export const dayRange = (day: string) => ({ from: kathmanduDayStart(day), to: kathmanduDayStart(addDays(day, 1)) });

/** Every Nepal day from start to end, inclusive. */
export function* daysOf(start: string, end: string): Generator<string> {
  for (let d = start; d <= end; d = addDays(d, 1)) yield d;
}

/** An issued card as the chalan bills it, with whether it is a sale now. */
interface BilledCard {
  cardNumber: number;
  customerCode: string;
  itemCode: string;
  sold: boolean;
}

/** One day's issued cards, billed. */
async function cardsOfDay(day: string, ctx: ChalanContext): Promise<BilledCard[]> {
  const { from, to } = dayRange(day);
  const issued = await issuedCardsBetween(from, to);
  if (!issued.length) return [];
  await ctx.load(issued);
  return issued.map((c) => ({
    cardNumber: c.cardNumber,
    customerCode: ctx.customerCode(c.ownerId),
    itemCode: itemCodeOf(c.trekkerType, ctx.region(c.nationality)),
    sold: ctx.sold(c),
  }));
}

/** The pending or pushed sale line a card is in (refused lines hold no cards), with what it sent. */
interface SaleCover {
  lineId: number;
  status: LineStatus;
  salesDate: string;
  customerCode: string;
  itemCode: string;
}

/** Which pending or pushed lines hold these cards: their sale line, and their credit line's state. */
export interface Coverage {
  sales: Map<number, SaleCover>;
  credits: Map<number, LineStatus>;
}

type CardFilter = { min: number; max: number } | { numbers: readonly number[] };

async function coverage(filter: CardFilter, transaction?: Transaction): Promise<Coverage> {
  const out: Coverage = { sales: new Map(), credits: new Map() };
  const parts: { where: string; replacements: Record<string, unknown> }[] =
    "numbers" in filter
      ? Array.from({ length: Math.ceil(filter.numbers.length / 500) }, (_, i) => ({
          where: "c.cardNumber IN (:numbers)",
          replacements: { numbers: filter.numbers.slice(i * 500, i * 500 + 500) },
        }))
      : [{ where: "c.cardNumber BETWEEN :min AND :max", replacements: { min: filter.min, max: filter.max } }];
  for (const { where, replacements } of parts) {
    const sales = await sequelize.query<{ cardNumber: number; lineId: number; status: LineStatus; salesDate: string; customerCode: string; itemCode: string }>(
      `SELECT c.cardNumber AS cardNumber, l.id AS lineId, l.status AS status, l.salesDate AS salesDate, l.customerCode AS customerCode, l.itemCode AS itemCode
         FROM chalan_cards c JOIN chalan_lines l ON l.id = c.lineId WHERE ${where}`,
      { replacements, type: QueryTypes.SELECT, transaction },
    );
    for (const r of sales)
      out.sales.set(Number(r.cardNumber), {
        lineId: Number(r.lineId),
        status: r.status,
        salesDate: isoDay(r.salesDate),
        customerCode: r.customerCode,
        itemCode: r.itemCode,
      });
    const credits = await sequelize.query<{ cardNumber: number; status: LineStatus }>(
      `SELECT c.cardNumber AS cardNumber, l.status AS status FROM chalan_credit_cards c JOIN chalan_lines l ON l.id = c.lineId WHERE ${where}`,
      { replacements, type: QueryTypes.SELECT, transaction },
    );
    for (const r of credits) out.credits.set(Number(r.cardNumber), r.status);
  }
  return out;
}

export interface RowOptions {
  /**
   * What a push sends (and the verify file shows): sales of cards in no pending or pushed sale
   * line yet, and credits of cards a pushed sale line holds that are no sale now and in no
   * pending or pushed credit line yet, the latter whatever their date.
   */
  onlyNew?: boolean;
  /**
   * The tims-chalan file: every sale (cards sold now, or sent as sold) and every credit (cards
   * sent as sold that are no sale now) of the range, each range split by its state and given it.
   */
  withStatus?: boolean;
  transaction?: Transaction;
}

export type StatusRow = ChalanRow & { status?: string };

export const STATUS_LABELS: Record<LineStatus | "new", string> = { new: "Not pushed", pending: "Pending", pushed: "Pushed", refused: "Not pushed" };

/** A credit of a card, made from the sale line that sent it: same date, customer and item. */
const creditOf = (cardNumber: number, sale: SaleCover, tag?: string): ChalanCard => ({
  salesDate: sale.salesDate,
  customerCode: sale.customerCode,
  itemCode: sale.itemCode,
  cardNumber,
  kind: "credit",
  reversesLineId: sale.lineId,
  ...(tag !== undefined ? { tag } : {}),
});

/** The chalan cards (sales and credits) of one day's billed cards, as the options ask. */
function chalanCardsOf(day: string, cards: readonly BilledCard[], cover: Coverage | null, opts: RowOptions): ChalanCard[] {
  const out: ChalanCard[] = [];
  for (const c of cards) {
    const sale = cover?.sales.get(c.cardNumber);
    const credit = cover?.credits.get(c.cardNumber);
    const asSold: ChalanCard = {
      salesDate: day,
      customerCode: sale?.customerCode ?? c.customerCode,
      itemCode: sale?.itemCode ?? c.itemCode,
      cardNumber: c.cardNumber,
      kind: "sale",
    };
    if (opts.withStatus) {
      if (c.sold || sale) out.push({ ...asSold, tag: STATUS_LABELS[sale?.status ?? "new"] });
      if (!c.sold && sale) out.push(creditOf(c.cardNumber, sale, STATUS_LABELS[credit ?? "new"]));
    } else if (opts.onlyNew) {
      if (c.sold && !sale) out.push(asSold);
      if (!c.sold && sale?.status === "pushed" && !credit) out.push(creditOf(c.cardNumber, sale));
    } else if (c.sold) {
      out.push(asSold);
    }
  }
  return out.sort(compareCards);
}

function toRows(cards: readonly ChalanCard[], withStatus: boolean | undefined): StatusRow[] {
  const rows: StatusRow[] = [];
  for (const r of rangesOf(cards)) {
    const { tag, ...row } = r;
    rows.push(withStatus ? { ...row, status: tag } : row);
  }
  return rows;
}

/**
 * Credits owed for cards issued outside [start, end] whose payment was refunded after their sale
 * was pushed: a refund is reversed by the next push, whatever dates that push covers.
 */
async function* creditsElsewhere(start: string, end: string, transaction?: Transaction): AsyncGenerator<StatusRow[]> {
  const regs = await refundedSaleRegistrations();
  if (!regs.length) return;
  const from = kathmanduDayStart(start).getTime();
  const to = kathmanduDayStart(addDays(end, 1)).getTime();
  // Their registration's payment is refunded: none of these cards is a sale.
  const numbers = (await issuedCardsOfRegistrations(regs)).filter((c) => c.issuedAt.getTime() < from || c.issuedAt.getTime() >= to).map((c) => c.cardNumber);
  if (!numbers.length) return;
  const cover = await coverage({ numbers }, transaction);
  const credits: ChalanCard[] = [];
  for (const n of numbers) {
    const sale = cover.sales.get(n);
    if (sale?.status === "pushed" && !cover.credits.has(n)) credits.push(creditOf(n, sale));
  }
  if (credits.length) yield toRows(credits.sort(compareCards), false);
}

/** The chalan rows of [start, end], one day's rows at a time (date; sales, then credits; customer, item, number). */
export async function* chalanRowBatches(start: string, end: string, opts: RowOptions = {}): AsyncGenerator<StatusRow[]> {
  const ctx = new ChalanContext();
  for (const day of daysOf(start, end)) {
    const cards = await cardsOfDay(day, ctx);
    if (!cards.length) continue;
    let cover: Coverage | null = null;
    if (opts.onlyNew || opts.withStatus) {
      let min = Infinity;
      let max = -Infinity;
      for (const c of cards) {
        if (c.cardNumber < min) min = c.cardNumber;
        if (c.cardNumber > max) max = c.cardNumber;
      }
      cover = await coverage({ min, max }, opts.transaction);
    }
    const rows = toRows(chalanCardsOf(day, cards, cover, opts), opts.withStatus);
    if (rows.length) yield rows;
  }
  if (opts.onlyNew) yield* creditsElsewhere(start, end, opts.transaction);
}

/** All rows of the range in memory (tests, small ranges). */
export async function chalanRows(start: string, end: string, opts: RowOptions = {}): Promise<StatusRow[]> {
  const out: StatusRow[] = [];
  for await (const batch of chalanRowBatches(start, end, opts)) out.push(...batch);
  return out;
}
