import { QueryTypes, type Transaction } from "sequelize";
import { addDays, kathmanduDayStart } from "@lib/dates";
import { issuedCardsBetween } from "@modules/cards/index.server";
import { listCountries } from "@modules/lookups/index.server";
import { customerAccounts, type CustomerAccount } from "@modules/users/index.server";
import { sequelize } from "../../db/sequelize.server";
import { compareCards, customerCodeOf, itemCodeOf, rangesOf, type ChalanCard, type ChalanRow, type LineStatus } from "./rules";

/**
 * The chalan rows of a date range (issue 16 item 4), computed one Nepal day at a time: that day's
 * issued cards (the cards module's read through the index on `issuedAt`), each priced as an item
 * and billed to its owner's customer code, sorted by customer, item and number in memory and cut
 * into ranges at every gap. A day is the unit of the chalan (its rows carry the date), so memory
 * holds one day's cards whatever the range, and no SQL date arithmetic (which differs between
 * SQLite and MariaDB) is needed to find the Nepal date of an instant.
 */

/** Looks up customers and countries once per computation, not once per card. */
export class ChalanContext {
  private customers = new Map<number, CustomerAccount | null>();
  private regions: Map<number, number> | null = null;

  region(countryId: number): number | undefined {
    return this.regions?.get(countryId);
  }

  async load(ownerIds: Iterable<number>): Promise<void> {
    if (!this.regions) this.regions = new Map((await listCountries()).map((c) => [Number(c.id), Number(c.regionId)]));
    const missing = [...new Set(ownerIds)].filter((id) => !this.customers.has(id));
    if (!missing.length) return;
    const found = await customerAccounts(missing);
    for (const id of missing) this.customers.set(id, null);
    for (const a of found) this.customers.set(a.id, a);
  }

  customerCode(ownerId: number): string {
    return customerCodeOf(this.customers.get(ownerId) ?? undefined);
  }
}

export const dayRange = (day: string) => ({ from: kathmanduDayStart(day), to: kathmanduDayStart(addDays(day, 1)) });

/** Every Nepal day from start to end, inclusive. */
export function* daysOf(start: string, end: string): Generator<string> {
  for (let d = start; d <= end; d = addDays(d, 1)) yield d;
}

/** One day's issued cards as the chalan bills them, sorted for grouping. */
export async function cardsOfDay(day: string, ctx: ChalanContext): Promise<ChalanCard[]> {
  const { from, to } = dayRange(day);
  const issued = await issuedCardsBetween(from, to);
  if (!issued.length) return [];
  await ctx.load(issued.map((c) => c.ownerId));
  const cards = issued.map((c): ChalanCard => ({ salesDate: day, customerCode: ctx.customerCode(c.ownerId), itemCode: itemCodeOf(c.trekkerType, ctx.region(c.nationality)), cardNumber: c.cardNumber }));
  return cards.sort(compareCards);
}

/** The state of the lines covering card numbers in [min, max] (pending or pushed; refused lines cover nothing). */
export async function coveredCards(min: number, max: number, transaction?: Transaction): Promise<Map<number, LineStatus>> {
  const rows = await sequelize.query<{ cardNumber: number; status: LineStatus }>(
    "SELECT c.cardNumber AS cardNumber, l.status AS status FROM chalan_cards c JOIN chalan_lines l ON l.id = c.lineId WHERE c.cardNumber BETWEEN :min AND :max",
    { replacements: { min, max }, type: QueryTypes.SELECT, transaction },
  );
  return new Map(rows.map((r) => [Number(r.cardNumber), r.status]));
}

export interface RowOptions {
  /** Leave out cards already in a pending or pushed line (what a push or the verify file sends). */
  onlyNew?: boolean;
  /** Split ranges by their pushed state and give each row its status (the tims-chalan file). */
  withStatus?: boolean;
  transaction?: Transaction;
}

export type StatusRow = ChalanRow & { status?: string };

export const STATUS_LABELS: Record<LineStatus | "new", string> = { new: "Not pushed", pending: "Pending", pushed: "Pushed", refused: "Not pushed" };

/** The chalan rows of [start, end], one day's rows at a time (date, customer, item, number order). */
export async function* chalanRowBatches(start: string, end: string, opts: RowOptions = {}): AsyncGenerator<StatusRow[]> {
  const ctx = new ChalanContext();
  for (const day of daysOf(start, end)) {
    let cards = await cardsOfDay(day, ctx);
    if (!cards.length) continue;
    if (opts.onlyNew || opts.withStatus) {
      let min = Infinity;
      let max = -Infinity;
      for (const c of cards) {
        if (c.cardNumber < min) min = c.cardNumber;
        if (c.cardNumber > max) max = c.cardNumber;
      }
      const covered = await coveredCards(min, max, opts.transaction);
      if (opts.onlyNew) cards = cards.filter((c) => !covered.has(c.cardNumber));
      if (opts.withStatus) cards = cards.map((c) => ({ ...c, tag: STATUS_LABELS[covered.get(c.cardNumber) ?? "new"] }));
    }
    const rows: StatusRow[] = [];
    for (const r of rangesOf(cards)) {
      const { tag, ...row } = r;
      rows.push(opts.withStatus ? { ...row, status: tag } : row);
    }
    if (rows.length) yield rows;
  }
}

/** All rows of the range in memory (tests, small ranges). */
export async function chalanRows(start: string, end: string, opts: RowOptions = {}): Promise<StatusRow[]> {
  const out: StatusRow[] = [];
  for await (const batch of chalanRowBatches(start, end, opts)) out.push(...batch);
  return out;
}
