import { createElement } from "react";
import { Op, type WhereOptions } from "sequelize";
import { sendEmail } from "../../emails/jobs.server";
import { renderEmail } from "../../emails/render.server";
import { VoucherDecisionEmail, voucherDecisionSubject } from "../../emails/templates/voucher-decision";
import { checkUpload, VOUCHER_RULE } from "../files/upload-rules";
import { deleteStoredFile, storeFile } from "../files/storage.server";
import { VOUCHER_PAYMENT_METHOD } from "../lookups/data/reference";
import { cardNumbersOf, registrationForPayment, setUnpaidStatus } from "../registration/payment-state.server";
import { canPay, type RegistrationViewer } from "../registration/policy";
import { getRegistration, lockPrice } from "../registration/service.server";
import { displayNames } from "../users/names.server";
import { Voucher } from "./models/payment-records.server";
import { settle } from "./settle.server";

export type VoucherUpload = { ok: true } | { ok: false; message: string };

/** A bank-deposit voucher for the registration's total; the trek waits as Pending. */
export async function uploadVoucher(registrationId: number, viewer: RegistrationViewer, value: FormDataEntryValue | null): Promise<VoucherUpload> {
  const reg = await getRegistration(registrationId, viewer);
  if (!reg || reg.userId !== viewer.id) throw new Response("Not Found", { status: 404 });
  if (!canPay(viewer, reg)) return { ok: false, message: `This registration is ${reg.status}; there is nothing to pay.` };
  const checked = await checkUpload(value, VOUCHER_RULE);
  if (!checked.ok) return checked;
  const amountPaisa = await lockPrice(reg.id, viewer);
  const key = await storeFile("vouchers", checked.file.bytes, checked.file.kind);
  try {
    await Voucher.create({ registrationId: reg.id, userId: viewer.id, amountPaisa, fileKey: key, fileName: checked.file.name, fileKind: checked.file.kind });
    await setUnpaidStatus(reg.id, "Pending");
  } catch (error) {
    await deleteStoredFile(key).catch(() => {});
    throw error;
  }
  return { ok: true };
}

export const voucherInvoiceId = (id: number) => `V-${String(id).padStart(6, "0")}`;

export interface VoucherRow {
  id: number;
  invoiceId: string;
  status: "Pending" | "Approved" | "Rejected";
  payer: string;
  routeName: string;
  amountPaisa: number;
  paymentDate: Date;
  registrationId: number;
}

const statusOf = (v: Voucher): VoucherRow["status"] => (v.isVerified === null || v.isVerified === undefined ? "Pending" : v.isVerified ? "Approved" : "Rejected");

export interface VoucherQuery {
  status?: VoucherRow["status"];
  route?: string;
  search?: string;
  offset: number;
  limit: number;
}

export async function listVouchers(q: VoucherQuery): Promise<{ rows: VoucherRow[]; total: number }> {
  const where: WhereOptions<Voucher>[] = [];
  if (q.status === "Pending") where.push({ isVerified: { [Op.is]: null } });
  if (q.status === "Approved") where.push({ isVerified: true });
  if (q.status === "Rejected") where.push({ isVerified: false });
  const { rows, count } = await Voucher.findAndCountAll({ where: { [Op.and]: where }, order: [["createdAt", "DESC"], ["id", "DESC"]] });
  const regs = new Map(await Promise.all([...new Set(rows.map((r) => r.registrationId))].map(async (id) => [id, await registrationForPayment(id)] as const)));
  const names = await displayNames(rows.map((r) => r.userId));
  const search = q.search?.trim().toLowerCase();
  const all = rows
    .map((v): VoucherRow => ({
      id: v.id,
      invoiceId: voucherInvoiceId(v.id),
      status: statusOf(v),
      payer: names.get(v.userId)?.name ?? "",
      routeName: regs.get(v.registrationId)?.routeName ?? "",
      amountPaisa: v.amountPaisa,
      paymentDate: v.createdAt,
      registrationId: v.registrationId,
    }))
    .filter((r) => !q.route || r.routeName === q.route)
    .filter((r) => !search || `${r.invoiceId} ${r.payer} ${r.routeName}`.toLowerCase().includes(search));
  // Route and search filters apply to joined names, so they are applied here; vouchers are few.
  return { rows: all.slice(q.offset, q.offset + q.limit), total: q.route || search ? all.length : count };
}

export async function getVoucher(id: number) {
  const v = await Voucher.findByPk(id);
  if (!v) return null;
  const reg = await registrationForPayment(v.registrationId);
  const full = reg ? await getRegistration(reg.id, { id: 0, userType: 4 }) : null;
  return {
    id: v.id,
    invoiceId: voucherInvoiceId(v.id),
    status: statusOf(v),
    amountPaisa: v.amountPaisa,
    fileKind: v.fileKind,
    fileName: v.fileName,
    refNo: v.refNo ?? null,
    remarks: v.remarks ?? null,
    routeName: full?.routeName ?? "",
    entryDate: full?.entryDate ?? "",
    exitDate: full?.exitDate ?? "",
    trekkers: reg ? await cardNumbersOf(reg.id) : [],
  };
}

export async function voucherFile(id: number): Promise<{ fileKey: string; fileName: string } | null> {
  const v = await Voucher.findByPk(id, { attributes: ["fileKey", "fileName"] });
  return v ? { fileKey: v.fileKey, fileName: v.fileName } : null;
}

export type VoucherDecision = "done" | "not-found" | "decided";

/**
 * The board's decision. Approval issues the cards exactly as a gateway payment does (one settle
 * path); rejection lets the payer pay again. The payer is e-mailed either way.
 */
export async function decideVoucher(opts: { id: number; approve: boolean; refNo?: string; remarks?: string; actorId: number; origin: string }): Promise<VoucherDecision> {
  const v = await Voucher.findByPk(opts.id);
  if (!v) return "not-found";
  if (v.isVerified !== null && v.isVerified !== undefined) return "decided";
  if (opts.approve) {
    const outcome = await settle({
      registrationId: v.registrationId,
      amountPaisa: v.amountPaisa,
      methodId: VOUCHER_PAYMENT_METHOD,
      payerUserId: v.userId,
      voucherId: v.id,
      claim: async (transaction) => {
        const [n] = await Voucher.update({ isVerified: true, refNo: opts.refNo || null, decidedBy: opts.actorId }, { where: { id: v.id, isVerified: { [Op.is]: null } }, transaction });
        return n === 1;
      },
    });
    if (outcome === "already") return "decided";
  } else {
    const [n] = await Voucher.update({ isVerified: false, remarks: opts.remarks ?? "", decidedBy: opts.actorId }, { where: { id: v.id, isVerified: { [Op.is]: null } } });
    if (n !== 1) return "decided";
    await setUnpaidStatus(v.registrationId, "Rejected");
  }
  const payer = (await displayNames([v.userId])).get(v.userId);
  if (payer) {
    const { html, text } = renderEmail(
      createElement(VoucherDecisionEmail, { name: payer.name, approved: opts.approve, remarks: opts.remarks ?? "", link: `${opts.origin}/new-register/${v.registrationId}` }),
    );
    await sendEmail({ to: payer.email, subject: voucherDecisionSubject(opts.approve), html, text });
  }
  return "done";
}
