import { Op, literal, type WhereOptions } from "sequelize";
import { addDays, kathmanduDayStart } from "@lib/dates";
import type { ListSource } from "@lib/list/list.server";
import { cappedCount, modelIdsSql } from "@lib/list/model-source.server";
import { cardNumbersOf, registrationIdsOnRouteSql, routeNameColumnSql, routeNamesOf } from "@modules/registration/index.server";
import { listRouteNames } from "@modules/trek-routes/index.server";
import { agencyChoices, billingContacts, payerSearchSql, userTypeAndNameColumnsSql } from "@modules/users/index.server";
import { selectArrays, utcDate } from "../../db/select-arrays.server";
import { amountInWords } from "./amount-words";
import { receiptLineItem, registerAgencyLabel, seesAllBills, type BillRow, type Receipt } from "./billing";
import { invoiceNumberFor } from "./invoice-numbers";
import { PAYMENT_METHOD_LABELS } from "./payment-medium";
import { Bill, PaymentAttempt } from "./models/payment-records.server";

export interface BillViewer {
  id: number;
  userType: number;
}

export interface BillFilters {
  route?: number;
  method?: string;
  startDate?: string;
  endDate?: string;
  agency?: number;
  /** An invoice number (INV-0000123 or 123) or part of the payer's name or e-mail. */
  name?: string;
}

/** The viewer's bills: all of them for the board and TAAN, otherwise those they paid. */
function scopeOf(viewer: BillViewer): WhereOptions<Bill> | null {
  return seesAllBills(viewer) ? null : { payerUserId: viewer.id };
}

async function billWhere(viewer: BillViewer, f: BillFilters): Promise<WhereOptions<Bill> | null> {
  const where: WhereOptions<Bill>[] = [];
  const scope = scopeOf(viewer);
  if (scope) where.push(scope);
  if (f.route !== undefined) where.push({ registrationId: { [Op.in]: registrationIdsOnRouteSql(f.route) } });
  if (f.method !== undefined) where.push({ methodId: Number(f.method) });
  if (f.startDate) where.push({ createdAt: { [Op.gte]: kathmanduDayStart(f.startDate) } });
  if (f.endDate) where.push({ createdAt: { [Op.lt]: kathmanduDayStart(addDays(f.endDate, 1)) } });
  if (f.agency !== undefined) where.push({ payerUserId: f.agency });
  const search = f.name?.trim();
  if (search) {
    const invoice = /^(?:inv-?)?0*(\d{1,9})$/i.exec(search);
    // The number as settle writes it, or unpadded as bills of old data may carry it.
    if (invoice) where.push({ invoiceNumber: { [Op.in]: [invoiceNumberFor(Number(invoice[1])), `INV-${Number(invoice[1])}`] } });
    else {
      const payers = payerSearchSql(search, "payerUserId");
      if (!payers) return null;
      where.push(literal(payers));
    }
  }
  return { [Op.and]: where };
}

/** The page's columns, one statement: the bill's own, the route's and the payer's names by primary key. */
function billColumnsSql(): string {
  const [payerType, payerName] = userTypeAndNameColumnsSql("b.payerUserId");
  return `b.id, b.invoiceNumber, ${routeNameColumnSql("b.registrationId")}, ${payerType}, ${payerName}, b.methodId, b.amountPaisa, b.createdAt`;
}

/**
 * Bills matching `where` in id order, as list rows, in ONE statement read as arrays (ADR 0017):
 * the ids through the bills' indexes in a LIMITed derived table, then each bill with its route and
 * payer names by primary key. A page was three statements through models (bills, routes, payers),
 * 4-5x the bare query at 270,000 bills (README, "Billing and receipts").
 */
async function billRowsWhere(where: WhereOptions<Bill>, desc: boolean, window: { offset?: number; limit: number }): Promise<BillRow[]> {
  const ids = modelIdsSql(Bill, where, { order: [["id", desc ? "DESC" : "ASC"]], limit: window.limit, offset: window.offset });
  const rows = await selectArrays(`SELECT ${billColumnsSql()} FROM (${ids}) k JOIN bills b ON b.id = k.id`);
  const list = rows.map((r): BillRow => ({
    id: Number(r[0]),
    invoiceNumber: String(r[1]),
    routeName: (r[2] as string | null) ?? "",
    agency: r[3] === null || r[3] === undefined ? "" : registerAgencyLabel(Number(r[3]), String(r[4] ?? "")),
    method: PAYMENT_METHOD_LABELS[Number(r[5])] ?? String(r[5]),
    amountPaisa: Number(r[6]),
    paidAt: utcDate(r[7]) ?? new Date(0),
  }));
  // The outer statement has no ORDER BY (MariaDB would sort the wide rows): put them in order here.
  return list.sort((a, b) => (desc ? b.id - a.id : a.id - b.id));
}

/** The billing list for the list kit, scoped to the viewer: newest first, filtered in SQL. */
export function billListSource(viewer: BillViewer): ListSource<BillRow, BillFilters> {
  return {
    async count(q, cap) {
      const where = await billWhere(viewer, q.filters);
      return where ? cappedCount(Bill, where, cap) : 0;
    },
    async page(q, window) {
      const where = await billWhere(viewer, q.filters);
      return where ? billRowsWhere(where, q.sort.desc, window) : [];
    },
    async batch(q, after, limit) {
      const where = await billWhere(viewer, q.filters);
      if (!where) return [];
      const keyset = after === null ? where : { [Op.and]: [where, { id: { [q.sort.desc ? Op.lt : Op.gt]: after.id } }] };
      return billRowsWhere(keyset, q.sort.desc, { limit });
    },
    async options() {
      const [routes, agencies] = await Promise.all([listRouteNames(), seesAllBills(viewer) ? agencyChoices() : Promise.resolve([])]);
      return {
        routes: routes.map((r) => ({ value: String(r.id), label: r.name })),
        agencies: agencies.map((a) => ({ value: String(a.id), label: a.name })),
      };
    },
  };
}

/** Column and filter keys a viewer who sees only their own bills does not get: the agency (their own name). */
export function billListHidden(viewer: BillViewer): string[] {
  return seesAllBills(viewer) ? [] : ["agency"];
}

async function toReceipt(bill: Bill): Promise<Receipt> {
  const [routes, payers, trekkers] = await Promise.all([
    routeNamesOf([bill.registrationId]),
    billingContacts([bill.payerUserId]),
    cardNumbersOf(bill.registrationId),
  ]);
  const payer = payers.get(bill.payerUserId);
  return {
    billId: bill.id,
    registrationId: bill.registrationId,
    invoiceNumber: bill.invoiceNumber,
    receiptDate: bill.createdAt,
    name: payer?.name ?? "",
    address: payer?.address ?? "",
    contactNo: payer?.contactNo ?? "",
    email: payer?.email ?? "",
    pan: payer?.pan ?? "",
    routeName: routes.get(bill.registrationId) ?? "",
    method: PAYMENT_METHOD_LABELS[bill.methodId] ?? String(bill.methodId),
    lineItem: receiptLineItem(payer?.userType ?? 2),
    trekkers: trekkers.length,
    amountPaisa: bill.amountPaisa,
    amountWords: amountInWords(bill.amountPaisa),
  };
}

/** One bill's receipt, if the viewer may see it (else null: the page answers 404, never "forbidden"). */
export async function getReceipt(billId: number, viewer: BillViewer): Promise<Receipt | null> {
  return (await visibleReceipt(billId, viewer))?.receipt ?? null;
}

/** The bill and its receipt when the viewer may see them: one read of the bill for the panel and the PDF. */
export async function visibleReceipt(billId: number, viewer: BillViewer): Promise<{ receipt: Receipt; bill: Bill } | null> {
  const bill = await Bill.findByPk(billId);
  if (!bill || (!seesAllBills(viewer) && bill.payerUserId !== viewer.id)) return null;
  return { receipt: await toReceipt(bill), bill };
}

/** The receipt for jobs (the e-mailed PDF): no viewer. */
export async function receiptForJob(billId: number): Promise<{ receipt: Receipt; bill: Bill } | null> {
  const bill = await Bill.findByPk(billId);
  return bill ? { receipt: await toReceipt(bill), bill } : null;
}

/** The bill id of a paid registration (a link to its receipt), or null when it is not paid. */
export async function billIdOfRegistration(registrationId: number): Promise<number | null> {
  const bill = await Bill.findOne({ where: { registrationId }, attributes: ["id"] });
  return bill?.id ?? null;
}

/**
 * The bills and payment attempts of these registrations, paid by `userId` (the "download my data"
 * file, modules/privacy): a payment someone else made for the registration is theirs, not this
 * user's, and is left out.
 */
export async function ownPaymentRecords(userId: number, registrationIds: readonly number[]) {
  if (!registrationIds.length) return { bills: [], payments: [] };
  const ids = [...registrationIds];
  const [bills, attempts] = await Promise.all([
    Bill.findAll({ where: { registrationId: { [Op.in]: ids }, payerUserId: userId }, order: [["id", "ASC"]] }),
    PaymentAttempt.findAll({ where: { registrationId: { [Op.in]: ids }, userId }, order: [["id", "ASC"]] }),
  ]);
  return {
    bills: bills.map((b) => ({
      invoiceNumber: b.invoiceNumber,
      registrationId: b.registrationId,
      method: PAYMENT_METHOD_LABELS[b.methodId as keyof typeof PAYMENT_METHOD_LABELS] ?? String(b.methodId),
      amountPaisa: b.amountPaisa,
      createdAt: b.createdAt,
    })),
    payments: attempts.map((a) => ({
      registrationId: a.registrationId,
      gateway: a.gateway,
      txnId: a.txnId,
      amountPaisa: a.amountPaisa,
      status: a.status,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
    })),
  };
}
