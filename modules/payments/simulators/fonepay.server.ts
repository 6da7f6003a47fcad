import {
  FONEPAY_REQUEST_DV,
  FONEPAY_RETURN_DV,
  FONEPAY_VERIFY_DV,
  fonepayDv,
  fonepayDvValid,
  fonepayQrMessage,
  fonepayQrStatusMessage,
} from "../gateways/fonepay.server";
import { formatNpr, parseRupees, rupees, rupeesGrouped } from "../gateways/money";
import { hmacHex, safeEqual } from "../gateways/signing.server";
import { appendQuery } from "../gateways/urls";
import {
  abandonedPage,
  alreadyDone,
  choices,
  doneText,
  sessionPath,
  unknownChoice,
  unknownPayment,
  type ProviderSimulator,
  type SimContext,
} from "./context.server";
import { errorPage, json, readParams, redirect } from "./html.server";
import { forgedAmount, newState, randomId, simStore, stillPending, type SimState } from "./store.server";

/**
 * FonePay as the merchant sees it: the web payment (merchantRequest with DV, the payment page,
 * the DV-signed return, verificationMerchant in XML) and the dynamic QR (download, status by PRN,
 * and a page where a test "scans and pays" the QR).
 */

interface WebTxn extends SimState {
  fields: Record<string, string>;
  amountPaisa: number;
  uid?: string;
  bankCode?: string;
}

interface QrTxn extends SimState {
  prn: string;
  amountPaisa: number;
  remarks1: string;
  traceId: number;
}

const web = simStore<WebTxn>("fonepay");
const qrs = simStore<QrTxn>("fonepay-qr");
const NAME = "FonePay";
const BANK_CODE = "NICENPKA";

/** GET or POST /api/merchantRequest */
export async function fonepayRequest(request: Request, ctx: SimContext): Promise<Response> {
  const fields = await readParams(request);
  const f = ctx.config.fonepay;
  const missing = [...FONEPAY_REQUEST_DV, "DV"].filter((name) => !fields[name]?.trim());
  if (missing.length > 0) return errorPage(NAME, `Missing ${missing.join(", ")}.`);
  if (fields.PID !== f.pid) return errorPage(NAME, "Invalid merchant (PID).");
  if (!fonepayDvValid(f.secret, fields, FONEPAY_REQUEST_DV, fields.DV)) return errorPage(NAME, "Data validation (DV) failed.");
  if (fields.MD !== "P" || fields.CRN !== "NPR") return errorPage(NAME, "MD must be P and CRN NPR.");
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(fields.DT)) return errorPage(NAME, "DT must be MM/DD/YYYY.");
  if (fields.R1.length > 160 || fields.R2.length > 50) return errorPage(NAME, "R1 may have 160 characters, R2 50.");
  const amount = parseRupees(fields.AMT);
  if (amount === null || amount <= 0) return errorPage(NAME, "Invalid AMT.");
  const existing = web.get(fields.PRN);
  if (existing && existing.state !== "open") return errorPage(NAME, "Duplicate PRN.", 409);
  web.set(fields.PRN, { ...newState(), fields, amountPaisa: amount });
  return redirect(sessionPath(ctx, "fonepay", fields.PRN));
}

function xml(values: Record<string, string>, status = 200): Response {
  const inner = Object.entries(values)
    .map(([k, v]) => `<${k}>${v.replace(/[<&]/g, (c) => (c === "<" ? "&lt;" : "&amp;"))}</${k}>`)
    .join("");
  return new Response(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><response>${inner}</response>`, {
    status,
    headers: { "Content-Type": "application/xml" },
  });
}

/** GET /api/merchantRequest/verificationMerchant?PRN&PID&BID&AMT&UID&DV */
export async function fonepayVerification(request: Request, ctx: SimContext): Promise<Response> {
  const q = Object.fromEntries(new URL(request.url).searchParams);
  const f = ctx.config.fonepay;
  const refuse = (message: string) => xml({ message, response_code: "failed", statusCode: "1", success: "false" });
  if (q.PID !== f.pid || !fonepayDvValid(f.secret, q, FONEPAY_VERIFY_DV, q.DV)) return refuse("Data validation failed");
  const txn = web.get(q.PRN ?? "");
  if (!txn) return refuse("Transaction not found");
  // "Delayed": the verification does not answer yet.
  if (stillPending(txn)) return new Response("Service Unavailable", { status: 503 });
  if (txn.state !== "paid") return refuse(`Transaction ${txn.state}`);
  if (q.UID !== txn.uid || q.BID !== txn.bankCode || parseRupees(q.AMT) !== txn.amountPaisa) return refuse("Transaction details do not match");
  const amount = rupeesGrouped(txn.amountPaisa).replace(/,/g, "");
  return xml({
    amount,
    bankCode: txn.bankCode!,
    initiator: "98XXXXX904",
    message: "successful",
    response_code: "successful",
    statusCode: "0",
    success: "true",
    txnAmount: amount,
    uniqueId: txn.uid!,
  });
}

function webReturn(ctx: SimContext, txn: WebTxn, ps: boolean, rc: "successful" | "failed" | "cancel", forgeAmount = false): Response {
  const amount = rupeesGrouped(txn.amountPaisa).replace(/,/g, "");
  const values: Record<string, string> = {
    PRN: txn.fields.PRN,
    PID: txn.fields.PID,
    PS: String(ps),
    RC: rc,
    UID: ps ? (txn.uid ?? "") : "",
    BC: ps ? (txn.bankCode ?? "") : "",
    INI: ps ? "98XXXXX904" : "",
    P_AMT: amount,
    R_AMT: amount,
  };
  values.DV = fonepayDv(ctx.config.fonepay.secret, values, FONEPAY_RETURN_DV).toUpperCase();
  if (forgeAmount) values.P_AMT = rupees(forgedAmount(txn.amountPaisa));
  return redirect(appendQuery(txn.fields.RU, values));
}

export const fonepaySimulator: ProviderSimulator = {
  view(id, ctx) {
    const txn = web.get(id);
    if (!txn) return null;
    return {
      provider: "fonepay",
      title: "FonePay (simulator)",
      amountText: formatNpr(txn.amountPaisa),
      rows: [
        ["Merchant (PID)", txn.fields.PID],
        ["PRN", txn.fields.PRN],
        ["Remarks", txn.fields.R1],
      ],
      choices: choices({ abandon: "Close the window (never comes back)" }),
      pendingLookups: ctx.config.simPendingLookups,
      done: doneText(txn.state),
    };
  },

  decide(id, decision, options, ctx) {
    const txn = web.get(id);
    if (!txn) return unknownPayment(NAME);
    if (txn.state !== "open") return alreadyDone(NAME);
    const paid = () => Object.assign(txn, { state: "paid", uid: randomId(10, "0123456789"), bankCode: BANK_CODE });
    switch (decision) {
      case "success":
        paid();
        return webReturn(ctx, txn, true, "successful");
      case "failure":
        txn.state = "failed";
        return webReturn(ctx, txn, false, "failed");
      case "cancel":
        txn.state = "cancelled";
        return webReturn(ctx, txn, false, "cancel");
      case "abandon":
        // FonePay's web payment can only be verified with what its return carries (UID, BC):
        // a payer who never comes back is one who left without paying.
        txn.state = "abandoned";
        return abandonedPage(NAME, false);
      case "delayed":
        paid();
        txn.pendingLookups = options.pendingLookups;
        return webReturn(ctx, txn, true, "successful");
      case "tampered": {
        // Not paid; the return's amount is changed after FonePay signed it.
        txn.tampered = true;
        return webReturn(ctx, { ...txn, uid: randomId(10, "0123456789"), bankCode: BANK_CODE }, true, "successful", true);
      }
      default:
        return unknownChoice(NAME, decision);
    }
  },
};

// ---- Dynamic QR ----

function qrAuthorised(body: Record<string, string>, ctx: SimContext): boolean {
  const f = ctx.config.fonepay;
  return body.merchantCode === f.merchantCode && body.username === f.qrUsername && safeEqual(body.password ?? "", f.qrPassword);
}

function tlv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE, the EMV QR checksum. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** An EMVCo merchant-presented QR payload like FonePay's qrMessage (dynamic, NPR, the PRN as reference). */
export function emvQrMessage(v: { merchantCode: string; amountPaisa: number; prn: string; remarks: string }): string {
  const body =
    tlv("00", "01") +
    tlv("01", "12") +
    tlv("26", tlv("00", "np.com.fonepay") + tlv("01", v.merchantCode.slice(0, 25))) +
    tlv("52", "4722") +
    tlv("53", "524") +
    tlv("54", rupees(v.amountPaisa)) +
    tlv("58", "NP") +
    tlv("59", "TIMS Nepal") +
    tlv("60", "Kathmandu") +
    tlv("62", tlv("01", v.prn) + tlv("08", v.remarks.slice(0, 25) || "TIMS")) +
    "6304";
  return body + crc16(body);
}

/** POST /api/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrDownload */
export async function fonepayQrDownload(request: Request, ctx: SimContext): Promise<Response> {
  const body = await readParams(request);
  const f = ctx.config.fonepay;
  if (!qrAuthorised(body, ctx)) return json({ success: false, message: "Invalid merchant credentials", statusCode: 401 }, 401);
  const v = {
    amount: body.amount ?? "",
    prn: body.prn ?? "",
    merchantCode: body.merchantCode ?? "",
    remarks1: body.remarks1 ?? "",
    remarks2: body.remarks2 ?? "",
  };
  if (!safeEqual(hmacHex("sha512", f.qrSecret, fonepayQrMessage(v)), (body.dataValidation ?? "").toLowerCase())) {
    return json({ success: false, message: "Data validation failed", statusCode: 400 }, 400);
  }
  const amount = parseRupees(v.amount);
  if (amount === null || amount <= 0 || !v.prn) return json({ success: false, message: "Invalid amount or PRN", statusCode: 400 }, 400);
  const existing = qrs.get(v.prn);
  if (existing && existing.state !== "open") return json({ success: false, message: "Duplicate PRN", statusCode: 409 }, 409);
  qrs.set(v.prn, { ...newState(), prn: v.prn, amountPaisa: amount, remarks1: v.remarks1, traceId: Number(randomId(9, "123456789")) });
  return json({
    message: "successful",
    qrMessage: emvQrMessage({ merchantCode: v.merchantCode, amountPaisa: amount, prn: v.prn, remarks: v.remarks1 }),
    status: "CREATED",
    statusCode: 201,
    success: true,
    // No socket is served: the merchant side polls thirdPartyDynamicQrGetStatus.
    thirdpartyQrWebSocketUrl: `${ctx.config.simBase.replace(/^http/, "ws")}/fonepay/ws/${encodeURIComponent(v.prn)}`,
  });
}

/** POST /api/merchant/merchantDetailsForThirdParty/thirdPartyDynamicQrGetStatus */
export async function fonepayQrStatus(request: Request, ctx: SimContext): Promise<Response> {
  const body = await readParams(request);
  const f = ctx.config.fonepay;
  if (!qrAuthorised(body, ctx)) return json({ success: false, message: "Invalid merchant credentials", statusCode: 401 }, 401);
  const v = { prn: body.prn ?? "", merchantCode: body.merchantCode ?? "" };
  if (!safeEqual(hmacHex("sha512", f.qrSecret, fonepayQrStatusMessage(v)), (body.dataValidation ?? "").toLowerCase())) {
    return json({ success: false, message: "Data validation failed", statusCode: 400 }, 400);
  }
  const txn = qrs.get(v.prn);
  if (!txn) return json({ success: false, message: "QR not found", statusCode: 404 }, 404);
  const paymentStatus = txn.state === "paid" ? (stillPending(txn) ? "pending" : "success") : txn.state === "failed" ? "failed" : "pending";
  return json({ fonepayTraceId: txn.traceId, paymentStatus, prn: txn.prn });
}

/** Where a test (or a developer) "scans" a dynamic QR to pay it. */
export function qrPayPath(prn: string, simBase: string): string {
  return `${simBase}/fonepay-qr/session/${encodeURIComponent(prn)}`;
}

export const fonepayQrSimulator: ProviderSimulator = {
  view(id, ctx) {
    const txn = qrs.get(id);
    if (!txn) return null;
    return {
      provider: "fonepay-qr",
      title: "NEPALPAY QR via FonePay (simulator)",
      amountText: formatNpr(txn.amountPaisa),
      rows: [
        ["PRN", txn.prn],
        ["Remarks", txn.remarks1],
      ],
      choices: choices({ cancel: null, abandon: null, tampered: null }),
      pendingLookups: ctx.config.simPendingLookups,
      done: txn.state === "open" ? undefined : `Finished: ${txn.state}. The merchant sees it on its next status check.`,
      note: "This page stands for the payer's phone: the merchant page learns the result from the status API.",
    };
  },

  decide(id, decision, options, ctx) {
    const txn = qrs.get(id);
    if (!txn) return unknownPayment(NAME);
    if (txn.state !== "open") return alreadyDone(NAME);
    switch (decision) {
      case "success":
        txn.state = "paid";
        break;
      case "failure":
        txn.state = "failed";
        break;
      case "delayed":
        Object.assign(txn, { state: "paid", pendingLookups: options.pendingLookups });
        break;
      default:
        return unknownChoice(NAME, decision);
    }
    return redirect(sessionPath(ctx, "fonepay-qr", id));
  },
};
