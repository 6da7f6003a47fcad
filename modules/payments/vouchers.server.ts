import { createElement } from "react";
import { mailTranslator } from "../../emails/translator.server";
import { paymentOutcomes } from "./metrics.server";
import { notify } from "@modules/notifications/index.server";
import { IndexHints, Op, literal, type Transaction, type WhereOptions } from "sequelize";
import { sendEmail } from "../../emails/jobs.server";
import { renderEmail } from "../../emails/render.server";
import { VoucherDecisionEmail, voucherDecisionSubject } from "../../emails/templates/voucher-decision";
import { VOUCHER_RULE } from "@lib/files/upload-rules";
import { checkStorableUpload } from "@lib/files/image-safety.server";
import { deleteStoredFile, storeFile } from "@lib/files/storage.server";
import { writeTransaction } from "../../db/sequelize.server";
import { DomainError, conflictError } from "@lib/errors";
import { markCardsUnpaid } from "@modules/cards/index.server";
import { VOUCHER_PAYMENT_METHOD } from "@modules/lookups";
import { cardNumbersOf, onRegistrationRouteChange, registrationForPayment, registrationRouteId, routeNameColumnSql } from "@modules/registration/index.server";
import { canPay, formatNrs, trekDatesRefusal, type RegistrationViewer } from "@modules/registration";
import { getRegistration, lockPrice } from "@modules/registration/index.server";
import { displayNames, payerSearchSql, userTypeAndNameColumnsSql } from "@modules/users/index.server";
import { listRouteNames } from "@modules/trek-routes/index.server";
import type { ListSource } from "@lib/list/list.server";
import { cappedCount, modelIdsSql } from "@lib/list/model-source.server";
import { selectArrays, utcDate } from "../../db/select-arrays.server";
import { displayDate } from "@lib/dates";
import { Bill, Voucher } from "./models/payment-records.server";
import { NothingToIssue, cardsGivenWithoutPayment, settle } from "./settle.server";
import { voucherInvoiceId, type RefundReason, type VoucherStatus } from "./labels";
import { PAYMENT_METHOD_LABELS } from "./payment-medium";
import { recordRefundDue, refundOfPayment } from "./refunds.server";
import { notFound } from "@lib/param-id";

// The voucher keeps its registration's route id for the list's route filter (docs/adr/0025):
// read in the creating transaction (with a shared lock on the registration) and moved in the
// transaction that moves the registration to another route.
Voucher.addHook("beforeCreate", "routeOfRegistration", async (voucher: Voucher, options: { transaction?: Transaction | null }) => {
  voucher.routeId = await registrationRouteId(voucher.registrationId, options.transaction ?? undefined);
});
onRegistrationRouteChange(async (registrationId, routeId, transaction) => {
  await Voucher.update({ routeId }, { where: { registrationId }, transaction });
});

/**
 * A bank-deposit voucher for the registration's total; the trek waits as Pending. Refused with a
 * DomainError: 409 when there is nothing to pay (as the gateways refuse), 400 for the file.
 */
export async function uploadVoucher(registrationId: number, viewer: RegistrationViewer, value: FormDataEntryValue | null): Promise<void> {
  const reg = await getRegistration(registrationId, viewer);
  if (!reg || reg.userId !== viewer.id) throw notFound();
  if (!canPay(viewer, reg)) throw conflictError(`This registration is ${reg.status}; there is nothing to pay.`);
  const pastTrek = trekDatesRefusal(reg);
  if (pastTrek) throw conflictError(pastTrek);
  const checked = await checkStorableUpload(value, VOUCHER_RULE);
  if (!checked.ok) throw new DomainError(checked.message);
  const amountPaisa = await lockPrice(reg.id, viewer, reg);
  const key = await storeFile("vouchers", checked.file.bytes, checked.file.kind);
  try {
    // The voucher and the wait for its review (the cards' "markUnpaid" move to Pending) together.
    await writeTransaction(async (transaction) => {
      await Voucher.create(
        { registrationId: reg.id, userId: viewer.id, amountPaisa, fileKey: key, fileName: checked.file.name, fileKind: checked.file.kind },
        { transaction },
      );
      await markCardsUnpaid(reg.id, "Pending", transaction);
    });
  } catch (error) {
    await deleteStoredFile(key).catch(() => {});
    throw error;
  }
}

export { voucherInvoiceId } from "./labels";

export interface VoucherRow {
  id: number;
  invoiceId: string;
  status: VoucherStatus;
  payer: string;
  routeName: string;
  amountPaisa: number;
  paymentDate: Date;
  registrationId: number;
}

/**
 * A verified voucher that bought nothing (its registration was paid by another payment) is owed
 * back: its status is its refund's, not "Approved".
 */
const statusOf = (v: { isVerified?: boolean | null }, refund: string | null | undefined): VoucherStatus =>
  refund === "due"
    ? "Refund due"
    : refund === "refunded"
      ? "Refunded"
      : v.isVerified === null || v.isVerified === undefined
        ? "Pending"
        : v.isVerified
          ? "Approved"
          : "Rejected";

/** The vouchers whose refund is in `status` (any when null): payment_refunds' unique voucherId, no correlation. */
const vouchersWithRefund = (status: "due" | "refunded" | null) =>
  literal(`(SELECT voucherId FROM payment_refunds WHERE voucherId IS NOT NULL${status ? ` AND status = '${status}'` : ""})`);

export interface VoucherFilters {
  status?: VoucherRow["status"];
  /** A route id: the vouchers of registrations on it. */
  route?: number;
  /** An invoice id (V-000123 or 123) or part of the payer's name or e-mail. */
  name?: string;
}

/** The WHERE of the voucher list, or null when the filters can match nothing. */
async function voucherWhere(f: VoucherFilters): Promise<WhereOptions<Voucher> | null> {
  const where: WhereOptions<Voucher>[] = [];
  if (f.status === "Pending") where.push({ isVerified: { [Op.is]: null } });
  if (f.status === "Approved") where.push({ isVerified: true, id: { [Op.notIn]: vouchersWithRefund(null) } });
  if (f.status === "Refund due") where.push({ id: { [Op.in]: vouchersWithRefund("due") } });
  if (f.status === "Refunded") where.push({ id: { [Op.in]: vouchersWithRefund("refunded") } });
  if (f.status === "Rejected") where.push({ isVerified: false });
  if (f.route !== undefined) {
    where.push({ routeId: Math.floor(Number(f.route)) || 0 });
  }
  const search = f.name?.trim();
  if (search) {
    const invoice = /^(?:v-?)?0*(\d{1,9})$/i.exec(search);
    if (invoice) where.push({ id: Number(invoice[1]) });
    else {
      const payers = payerSearchSql(search, "userId");
      if (!payers) return null;
      where.push(literal(payers));
    }
  }
  return { [Op.and]: where };
}

/** The page's columns, one statement: the voucher's own, the route's and the payer's names by primary key. */
function voucherColumnsSql(): string {
  const [, payerName] = userTypeAndNameColumnsSql("v.userId");
  return `v.id, v.isVerified, ${payerName}, ${routeNameColumnSql("v.registrationId")}, v.amountPaisa, v.createdAt, v.registrationId, (SELECT r.status FROM payment_refunds r WHERE r.voucherId = v.id)`;
}

/**
 * Vouchers matching `where` in id order, as list rows, in ONE statement read as arrays (as the
 * billing list, ADR 0017): the ids through the vouchers' indexes in a LIMITed derived table, then
 * each voucher with its route and payer names by primary key. A page was three statements
 * through models (vouchers, then routes and payers), 7-12x its bare query at 30,000 vouchers.
 */
async function voucherRowsWhere(
  where: WhereOptions<Voucher>,
  desc: boolean,
  window: { offset?: number; limit: number },
  filters: VoucherFilters,
): Promise<VoucherRow[]> {
  const ids = modelIdsSql(Voucher, where, {
    order: [["id", desc ? "DESC" : "ASC"]],
    limit: window.limit,
    offset: window.offset,
    indexHints: voucherIndexHints(filters),
  });
  const rows = await selectArrays(`SELECT ${voucherColumnsSql()} FROM (${ids}) k JOIN vouchers v ON v.id = k.id`);
  const list = rows.map((r): VoucherRow => {
    return {
      id: Number(r[0]),
      invoiceId: voucherInvoiceId(Number(r[0])),
      status: statusOf({ isVerified: r[1] === null || r[1] === undefined ? null : Boolean(Number(r[1])) }, r[7] as string | null),
      payer: (r[2] as string | null) ?? "",
      routeName: (r[3] as string | null) ?? "",
      amountPaisa: Number(r[4]),
      paymentDate: utcDate(r[5]) ?? new Date(0),
      registrationId: Number(r[6]),
    };
  });
  // The outer statement has no ORDER BY (MariaDB would sort the wide rows): put them in order here.
  return list.sort((a, b) => (desc ? b.id - a.id : a.id - b.id));
}

/**
 * A status with a route is one range of (routeId, isVerified), already newest first; MariaDB
 * otherwise intersects it with the (isVerified) index and sorts every match (46 ms against 1 ms
 * for 10,000 Pending vouchers on one route; docs/adr/0025-voucher-route-copy.md).
 */
const voucherIndexHints = (f: VoucherFilters) =>
  f.route !== undefined && f.status ? [{ type: IndexHints.IGNORE, values: ["vouchers_is_verified"] }] : undefined;

/** The voucher list for the list kit: newest first, filtered in SQL, a page in one statement. */
export function voucherListSource(): ListSource<VoucherRow, VoucherFilters> {
  return {
    async count(q, cap) {
      const where = await voucherWhere(q.filters);
      return where ? cappedCount(Voucher, where, cap, voucherIndexHints(q.filters)) : 0;
    },
    async page(q, window) {
      const where = await voucherWhere(q.filters);
      return where ? voucherRowsWhere(where, q.sort.desc, window, q.filters) : [];
    },
    async batch(q, after, limit) {
      const where = await voucherWhere(q.filters);
      if (!where) return [];
      const keyset = after === null ? where : { [Op.and]: [where, { id: { [q.sort.desc ? Op.lt : Op.gt]: after.id } }] };
      return voucherRowsWhere(keyset, q.sort.desc, { limit }, q.filters);
    },
    options: async () => ({ routes: (await listRouteNames()).map((r) => ({ value: String(r.id), label: r.name })) }),
  };
}

/** One page of vouchers, newest first (tests and callers outside the list page). */
export async function listVouchers(q: VoucherFilters & { offset: number; limit: number }): Promise<{ rows: VoucherRow[]; total: number }> {
  const source = voucherListSource();
  const query = { filters: q, sort: { key: "id", desc: true } };
  const [rows, total] = await Promise.all([source.page(query, q), source.count(query, Number.MAX_SAFE_INTEGER)]);
  return { rows, total };
}

/** The bill that paid a registration (another payment than this voucher), as the board and the payer read it. */
async function billOf(registrationId: number) {
  const bill = await Bill.findOne({ where: { registrationId }, order: [["id", "ASC"]] });
  return bill
    ? {
        billId: bill.id,
        voucherId: bill.voucherId ?? null,
        invoiceNumber: bill.invoiceNumber,
        method: PAYMENT_METHOD_LABELS[bill.methodId] ?? String(bill.methodId),
        paidAt: bill.createdAt,
      }
    : null;
}

const HOW_TO_DECIDE = "This voucher cannot be approved as its payment: reject it, or mark its amount refund due.";

/** Why a pending voucher can buy nothing, in the board's words; null when approving it issues the cards. */
function nothingToIssueMessage(registrationId: number, why: { reason: RefundReason; invoiceNumber?: string }, voucherPaisa: number): string {
  if (why.reason === "cards-generated")
    return `The cards of registration #${registrationId} were already issued without payment (Generate Card). ${HOW_TO_DECIDE}`;
  return why.reason === "already-paid"
    ? `Registration #${registrationId} is already paid (receipt ${why.invoiceNumber}). ${HOW_TO_DECIDE}`
    : `The trekkers of registration #${registrationId} changed after this voucher was uploaded, so its total is no longer the voucher's ${formatNrs(voucherPaisa)}. ${HOW_TO_DECIDE}`;
}

export async function getVoucher(id: number) {
  const v = await Voucher.findByPk(id);
  if (!v) return null;
  const reg = await registrationForPayment(v.registrationId);
  const [refund, bill] = await Promise.all([refundOfPayment({ voucherId: v.id }), billOf(v.registrationId)]);
  // Paid by another payment (a gateway, or another voucher): this one must not be approved.
  const paidBy = bill && bill.voucherId !== v.id ? bill : null;
  const status = statusOf(v, refund?.status);
  const blocked =
    status !== "Pending"
      ? null
      : paidBy
        ? nothingToIssueMessage(v.registrationId, { reason: "already-paid", invoiceNumber: paidBy.invoiceNumber }, v.amountPaisa)
        : reg && cardsGivenWithoutPayment(reg.status)
          ? nothingToIssueMessage(v.registrationId, { reason: "cards-generated" }, v.amountPaisa)
          : reg && reg.totalPaisa !== v.amountPaisa
            ? nothingToIssueMessage(v.registrationId, { reason: "registration-changed" }, v.amountPaisa)
            : null;
  return {
    id: v.id,
    invoiceId: voucherInvoiceId(v.id),
    status,
    registrationId: v.registrationId,
    amountPaisa: v.amountPaisa,
    fileKind: v.fileKind,
    fileName: v.fileName,
    refNo: v.refNo ?? null,
    remarks: v.remarks ?? null,
    routeName: reg?.routeName ?? "",
    entryDate: reg?.entryDate ?? "",
    exitDate: reg?.exitDate ?? "",
    trekkers: reg ? await cardNumbersOf(reg.id) : [],
    /** The other payment that paid the registration, if any. */
    paidBy,
    /** Why approving is refused (the panel offers reject or refund due instead), or null. */
    blocked,
    refund: refund
      ? {
          status: refund.status,
          statusLabel: refund.statusLabel,
          reason: refund.reason,
          reference: refund.reference,
          refundedAt: refund.refundedAt,
          refundedBy: refund.refundedBy,
        }
      : null,
  };
}

export async function voucherFile(id: number): Promise<{ fileKey: string; fileName: string } | null> {
  const v = await Voucher.findByPk(id, { attributes: ["fileKey", "fileName"] });
  return v ? { fileKey: v.fileKey, fileName: v.fileName } : null;
}

export type VoucherDecision = "done" | "not-found" | "decided";

/**
 * The board's decision. Approval issues the cards exactly as a gateway payment does (one settle
 * path), and only that: a voucher whose registration is paid by another payment (or re-priced
 * since) is refused with the reason, whatever the panel showed, and nothing is written; the
 * board rejects it or marks it refund due instead. Rejection lets the payer pay again. The payer
 * is e-mailed either way, with what actually happened.
 */
export async function decideVoucher(opts: {
  id: number;
  approve: boolean;
  refNo?: string;
  remarks?: string;
  actorId: number;
  origin: string;
}): Promise<VoucherDecision> {
  const v = await Voucher.findByPk(opts.id);
  if (!v) return "not-found";
  if (v.isVerified !== null && v.isVerified !== undefined) return "decided";
  let paidBy: Awaited<ReturnType<typeof billOf>> = null;
  if (opts.approve) {
    const outcome = await settle({
      registrationId: v.registrationId,
      amountPaisa: v.amountPaisa,
      methodId: VOUCHER_PAYMENT_METHOD,
      payerUserId: v.userId,
      voucherId: v.id,
      refuseIfNothingToIssue: true,
      claim: async (transaction) => {
        const [n] = await Voucher.update(
          { isVerified: true, refNo: opts.refNo || null, decidedBy: opts.actorId },
          { where: { id: v.id, isVerified: { [Op.is]: null } }, transaction },
        );
        if (n === 1) await notifyVoucherDecision(v, true, "", null, transaction);
        return n === 1;
      },
    }).catch((error: unknown) => {
      if (error instanceof NothingToIssue)
        throw conflictError(nothingToIssueMessage(v.registrationId, { reason: error.reason, ...error.detail }, v.amountPaisa));
      throw error;
    });
    if (outcome === "already") return "decided";
    paymentOutcomes.inc({ gateway: "voucher", outcome: "approved" });
  } else {
    paidBy = await billOf(v.registrationId);
    // The decision and the cards' "markUnpaid" move to Rejected commit together; the claim on
    // the undecided voucher lets only one of two deciders through. A registration paid by another
    // payment keeps its cards: markCardsUnpaid leaves a paid registration as it is.
    const claimed = await writeTransaction(async (transaction) => {
      const [n] = await Voucher.update(
        { isVerified: false, remarks: opts.remarks ?? "", decidedBy: opts.actorId },
        { where: { id: v.id, isVerified: { [Op.is]: null } }, transaction },
      );
      if (n !== 1) return false;
      await markCardsUnpaid(v.registrationId, "Rejected", transaction);
      await notifyVoucherDecision(v, false, opts.remarks ?? "", paidBy, transaction);
      return true;
    });
    if (!claimed) return "decided";
    paymentOutcomes.inc({ gateway: "voucher", outcome: "rejected" });
  }
  const payer = (await displayNames([v.userId])).get(v.userId);
  if (payer) {
    const tr = await mailTranslator(payer.language);
    const { html, text } = renderEmail(
      createElement(VoucherDecisionEmail, {
        name: payer.name,
        approved: opts.approve,
        remarks: opts.remarks ?? "",
        link: `${opts.origin}/new-register/${v.registrationId}`,
        alreadyPaid: paidBy
          ? {
              registrationId: v.registrationId,
              voucher: voucherInvoiceId(v.id),
              invoiceNumber: paidBy.invoiceNumber,
              method: paidBy.method,
              paidOn: displayDate(paidBy.paidAt),
            }
          : undefined,
      }),
      tr,
    );
    await sendEmail({ to: payer.email, subject: voucherDecisionSubject(opts.approve, tr), html, text });
  }
  return "done";
}

/**
 * The board's other answer to a voucher that can buy nothing (its registration was paid by another
 * payment, or re-priced since): the deposit is real and owed back. The voucher is verified without
 * a bill, its amount recorded refund due (the payer is told, by e-mail and in the inbox, in the
 * same transaction), and a re-priced registration becomes payable again. Refused for a voucher
 * whose approval would issue the cards: that one is approved or rejected.
 */
export async function markVoucherRefundDue(opts: { id: number; actorId: number }): Promise<VoucherDecision> {
  const v = await Voucher.findByPk(opts.id);
  if (!v) return "not-found";
  if (v.isVerified !== null && v.isVerified !== undefined) return "decided";
  return writeTransaction(async (transaction): Promise<VoucherDecision> => {
    // The registration's row is locked first, as settle does, so a payment settling meanwhile
    // either committed before (and is seen here) or waits.
    const reg = await registrationForPayment(v.registrationId, transaction);
    if (!reg) return "not-found";
    const paid = await Bill.findOne({ where: { registrationId: reg.id }, transaction });
    const reason: RefundReason | null = paid
      ? "already-paid"
      : cardsGivenWithoutPayment(reg.status)
        ? "cards-generated"
        : reg.totalPaisa !== v.amountPaisa
          ? "registration-changed"
          : null;
    if (!reason) throw conflictError(`Registration #${reg.id} is not paid and this voucher covers its total: approve or reject the voucher.`);
    const [n] = await Voucher.update({ isVerified: true, decidedBy: opts.actorId }, { where: { id: v.id, isVerified: { [Op.is]: null } }, transaction });
    if (n !== 1) return "decided";
    await recordRefundDue({ registrationId: reg.id, payerUserId: v.userId, amountPaisa: v.amountPaisa, voucherId: v.id, reason }, transaction);
    if (reason === "registration-changed") await markCardsUnpaid(reg.id, "Rejected", transaction);
    return "done";
  });
}

/** The payer hears of the board's decision in the decision's transaction (TAAN too, for an agency's voucher). */
async function notifyVoucherDecision(
  v: Voucher,
  approved: boolean,
  remarks: string,
  paidBy: { invoiceNumber: string } | null,
  transaction: Transaction,
): Promise<void> {
  const invoice = voucherInvoiceId(v.id);
  const rejected = paidBy
    ? `Registration #${v.registrationId} was already paid (receipt ${paidBy.invoiceNumber}); the bank deposit was not taken as its payment. ${remarks}`
    : `The bank deposit for registration #${v.registrationId} could not be verified. ${remarks}`;
  await notify(
    {
      kind: approved ? "voucher-approved" : "voucher-rejected",
      to: [v.userId],
      copyTaanForAgencies: true,
      title: approved ? `Voucher ${invoice} approved` : `Voucher ${invoice} rejected`,
      body: approved ? `The bank deposit for registration #${v.registrationId} was verified; its cards are issued.` : rejected.trim(),
      link: `/new-register/${v.registrationId}`,
      taanLink: "/trekkers",
    },
    transaction,
  );
}
