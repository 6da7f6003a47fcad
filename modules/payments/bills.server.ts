import { Op, type WhereOptions } from "sequelize";
import { addDays, kathmanduDayStart } from "@lib/dates";
import type { ListSource } from "@lib/list/list.server";
import { modelListSource } from "@lib/list/model-source.server";
import { cardNumbersOf, registrationIdsOnRouteSql, routeNamesOf } from "@modules/registration/index.server";
import { listRouteChoices } from "@modules/trek-routes/index.server";
import { agencyChoices, billingContacts, userIdsMatching } from "@modules/users/index.server";
import { amountInWords } from "./amount-words";
import { PAYMENT_METHOD_LABELS, receiptLineItem, registerAgencyLabel, seesAllBills, type BillRow, type Receipt } from "./billing";
import { Bill } from "./models/payment-records.server";

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
    if (invoice) where.push({ registrationId: Number(invoice[1]) });
    else {
      const payers = await userIdsMatching(search);
      if (!payers.length) return null;
      where.push({ payerUserId: { [Op.in]: payers } });
    }
  }
  return { [Op.and]: where };
}

async function billRows(bills: Bill[]): Promise<BillRow[]> {
  const [routes, payers] = await Promise.all([routeNamesOf(bills.map((b) => b.registrationId)), billingContacts(bills.map((b) => b.payerUserId))]);
  return bills.map((b) => {
    const payer = payers.get(b.payerUserId);
    return {
      id: b.id,
      invoiceNumber: b.invoiceNumber,
      routeName: routes.get(b.registrationId) ?? "",
      agency: payer ? registerAgencyLabel(payer.userType, payer.name) : "",
      method: PAYMENT_METHOD_LABELS[b.methodId] ?? String(b.methodId),
      amountPaisa: b.amountPaisa,
      paidAt: b.createdAt,
    };
  });
}

/** The billing list for the list kit, scoped to the viewer: newest first, filtered in SQL. */
export function billListSource(viewer: BillViewer): ListSource<BillRow, BillFilters> {
  return modelListSource({
    model: Bill,
    where: (filters: BillFilters) => billWhere(viewer, filters),
    keys: (sort) => [{ column: "id", desc: sort.desc }],
    cursor: (r) => [r.id],
    rows: billRows,
    attributes: ["id", "invoiceNumber", "registrationId", "methodId", "amountPaisa", "payerUserId", "createdAt"],
    options: async () => {
      const [routes, agencies] = await Promise.all([listRouteChoices(), seesAllBills(viewer) ? agencyChoices() : Promise.resolve([])]);
      return {
        routes: routes.map((r) => ({ value: String(r.id), label: r.name })),
        agencies: agencies.map((a) => ({ value: String(a.id), label: a.name })),
      };
    },
  });
}

/** Column and filter keys a viewer who sees only their own bills does not get: the agency (their own name). */
export function billListHidden(viewer: BillViewer): string[] {
  return seesAllBills(viewer) ? [] : ["agency"];
}

async function toReceipt(bill: Bill): Promise<Receipt> {
  const [routes, payers, trekkers] = await Promise.all([routeNamesOf([bill.registrationId]), billingContacts([bill.payerUserId]), cardNumbersOf(bill.registrationId)]);
  const payer = payers.get(bill.payerUserId);
  return {
    billId: bill.id,
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
