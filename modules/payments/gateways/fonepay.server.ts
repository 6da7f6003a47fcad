import { kathmanduDate } from "@lib/dates";
import { paymentConfig } from "./config.server";
import { asRecord, describeError, httpCall, str, type GatewayDeps } from "./http.server";
import { parseRupees, rupees } from "./money";
import { outcome, otherTxn, tampered } from "./results";
import { hmacHex, safeEqual, valuesMessage } from "./signing.server";
import type { ConfirmInput, ConfirmResult, PaymentGateway, StartInput } from "./types";
import { appendQuery, assertTxnId, normalizeReturnQuery, resultUrl } from "./urls";

/**
 * FonePay (payments-protocols.md): the web payment (DV-signed request and return, then the
 * server verification) and the dynamic QR of the NEPALPAY QR tab (download, then status by PRN).
 * Amounts are rupees; PRN is our transaction id.
 */

export const FONEPAY_REQUEST_DV = ["PID", "MD", "PRN", "AMT", "CRN", "DT", "R1", "R2", "RU"] as const;
export const FONEPAY_RETURN_DV = ["PRN", "PID", "PS", "RC", "UID", "BC", "INI", "P_AMT", "R_AMT"] as const;
export const FONEPAY_VERIFY_DV = ["PID", "AMT", "PRN", "BID", "UID"] as const;
export const FONEPAY_QR_PATH = "/merchant/merchantDetailsForThirdParty";

/** hex(HMAC-SHA512(secret, raw values comma-joined in the given order)). */
export function fonepayDv(secret: string, fields: Record<string, string | undefined>, names: readonly string[]): string {
  return hmacHex("sha512", secret, valuesMessage(fields, names));
}

/** DVs compare case-insensitively. */
export function fonepayDvValid(secret: string, fields: Record<string, string | undefined>, names: readonly string[], dv: string | null | undefined): boolean {
  return Boolean(dv) && safeEqual(fonepayDv(secret, fields, names), dv!.toLowerCase());
}

/** The QR download's dataValidation message: AMOUNT,PRN,MERCHANT-CODE,REMARKS1,REMARKS2. */
export function fonepayQrMessage(v: { amount: string; prn: string; merchantCode: string; remarks1: string; remarks2: string }): string {
  return [v.amount, v.prn, v.merchantCode, v.remarks1, v.remarks2].join(",");
}

/** The QR status check's dataValidation message: PRN,MERCHANT-CODE. */
export function fonepayQrStatusMessage(v: { prn: string; merchantCode: string }): string {
  return `${v.prn},${v.merchantCode}`;
}

/** DT: MM/DD/YYYY, the date in Nepal. */
export function fonepayDate(at: Date): string {
  const [y, m, d] = kathmanduDate(at).split("-");
  return `${m}/${d}/${y}`;
}

/** One value of FonePay's small XML answers. */
export function xmlValue(xml: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`, "i").exec(xml);
  return match ? match[1].trim() : null;
}

function plain(text: string, max: number): string {
  return text.replace(/,/g, " ").replace(/\s+/g, " ").trim().slice(0, max) || "N/A";
}

export function createFonepayGateway(deps: GatewayDeps = {}): PaymentGateway {
  const cfg = deps.config ?? paymentConfig();
  const fetchFn = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const f = cfg.fonepay;
  const qrCredentials = { merchantCode: f.merchantCode, username: f.qrUsername, password: f.qrPassword };
  const jsonHeaders = { "Content-Type": "application/json", Accept: "application/json" };

  async function startQr(input: StartInput) {
    const v = {
      amount: rupees(input.amountPaisa),
      prn: input.txnId,
      merchantCode: f.merchantCode,
      remarks1: plain(input.description, 50),
      remarks2: plain(`Reg ${input.registrationId}`, 50),
    };
    const payload = {
      amount: v.amount,
      remarks1: v.remarks1,
      remarks2: v.remarks2,
      prn: v.prn,
      ...qrCredentials,
      dataValidation: hmacHex("sha512", f.qrSecret, fonepayQrMessage(v)),
    };
    const answer = await httpCall(
      fetchFn,
      `${f.qrApiBase}${FONEPAY_QR_PATH}/thirdPartyDynamicQrDownload`,
      { method: "POST", headers: jsonHeaders, body: JSON.stringify(payload) },
      cfg.httpTimeoutMs,
    );
    const body = asRecord(answer.body);
    if (answer.status !== 200 || body.success !== true || !body.qrMessage)
      throw new Error(`FonePay QR refused (${answer.status}): ${answer.text.slice(0, 300)}`);
    return { kind: "qr" as const, qrText: str(body.qrMessage), prn: input.txnId, statusCheck: true as const };
  }

  async function qrStatus(expected: ConfirmInput["expected"], returned: unknown): Promise<ConfirmResult> {
    const payload = {
      prn: expected.txnId,
      ...qrCredentials,
      dataValidation: hmacHex("sha512", f.qrSecret, fonepayQrStatusMessage({ prn: expected.txnId, merchantCode: f.merchantCode })),
    };
    let answer;
    try {
      answer = await httpCall(
        fetchFn,
        `${f.qrApiBase}${FONEPAY_QR_PATH}/thirdPartyDynamicQrGetStatus`,
        { method: "POST", headers: jsonHeaders, body: JSON.stringify(payload) },
        cfg.httpTimeoutMs,
      );
    } catch (error) {
      return outcome("pending", { returned, qrStatus: null }, { reason: `FonePay QR status unreachable: ${describeError(error)}` });
    }
    const body = asRecord(answer.body);
    const raw = { returned, qrStatus: answer.body };
    const status = str(body.paymentStatus).toLowerCase();
    if (answer.status !== 200 || !status) return outcome("pending", raw, { reason: `FonePay QR status answered ${answer.status}` });
    if (body.prn !== undefined && str(body.prn) !== expected.txnId) return tampered(`QR status names PRN ${str(body.prn)}`, raw);
    switch (status) {
      case "success": {
        // The amount is bound to the PRN by our signed download request; check it when the answer repeats it.
        if (body.amount !== undefined && parseRupees(body.amount) !== expected.amountPaisa)
          return tampered(`QR status amount ${str(body.amount)} is not ${rupees(expected.amountPaisa)}`, raw);
        return outcome("success", raw, { providerRef: str(body.fonepayTraceId) || undefined, amountPaisa: expected.amountPaisa });
      }
      case "failed":
        return outcome("failure", raw, { reason: "FonePay QR payment failed" });
      default:
        return outcome("pending", raw, { reason: `FonePay QR status ${status}` });
    }
  }

  async function webResult(query: URLSearchParams, expected: ConfirmInput["expected"]): Promise<ConfirmResult> {
    const returned = Object.fromEntries(query);
    const missing = [...FONEPAY_RETURN_DV, "DV"].filter((name) => !query.has(name));
    if (missing.length > 0) return tampered(`FonePay return lacks ${missing.join(", ")}`, returned);
    if (!fonepayDvValid(f.secret, returned, FONEPAY_RETURN_DV, query.get("DV"))) return tampered("FonePay DV does not match", returned);
    if (returned.PID !== f.pid) return tampered(`FonePay return names merchant ${returned.PID}`, returned);
    const rc = returned.RC.toLowerCase();
    // The payer cancelled: the spec's "Payment Failure" (only a bank's refusal is "Declined").
    if (rc === "cancel") return outcome("failure", returned, { reason: "cancelled at FonePay" });
    if (rc !== "successful" || returned.PS.toLowerCase() !== "true")
      return outcome("failure", returned, { reason: `FonePay RC ${returned.RC}, PS ${returned.PS}` });
    const paid = parseRupees(returned.P_AMT);
    if (paid !== expected.amountPaisa) return tampered(`FonePay amount ${returned.P_AMT} is not ${rupees(expected.amountPaisa)}`, returned);

    const check: Record<string, string> = { PRN: expected.txnId, PID: f.pid, BID: returned.BC, AMT: rupees(expected.amountPaisa), UID: returned.UID };
    check.DV = fonepayDv(f.secret, check, FONEPAY_VERIFY_DV);
    let answer;
    try {
      answer = await httpCall(fetchFn, appendQuery(f.verificationUrl, check), { method: "GET", headers: { Accept: "application/xml" } }, cfg.httpTimeoutMs);
    } catch (error) {
      return outcome("pending", { returned, verification: null }, { reason: `FonePay verification unreachable: ${describeError(error)}` });
    }
    const raw = { returned, verification: answer.text };
    if (answer.status !== 200 || xmlValue(answer.text, "success") === null)
      return outcome("pending", raw, { reason: `FonePay verification answered ${answer.status}` });
    const verified = xmlValue(answer.text, "success") === "true" && (xmlValue(answer.text, "response_code") ?? "").toLowerCase() === "successful";
    if (!verified) return outcome("failure", raw, { reason: `FonePay verification: ${xmlValue(answer.text, "message") ?? "refused"}` });
    const amount = xmlValue(answer.text, "txnAmount") ?? xmlValue(answer.text, "amount");
    if (amount !== null && parseRupees(amount) !== expected.amountPaisa)
      return tampered(`FonePay verified amount ${amount} is not ${rupees(expected.amountPaisa)}`, raw);
    return outcome("success", raw, { providerRef: returned.UID || undefined, amountPaisa: paid });
  }

  return {
    id: "fonepay",

    async start(input: StartInput) {
      assertTxnId(input.txnId);
      if (input.mode === "qr") return startQr(input);
      const fields: Record<string, string> = {
        PID: f.pid,
        MD: "P",
        PRN: input.txnId,
        AMT: rupees(input.amountPaisa),
        CRN: "NPR",
        DT: fonepayDate(now()),
        R1: plain(input.description, 160),
        R2: plain(`Reg ${input.registrationId}`, 50),
        RU: resultUrl(input.returnUrl, "success", input.registrationId, input.txnId),
      };
      fields.DV = fonepayDv(f.secret, fields, FONEPAY_REQUEST_DV);
      return { kind: "redirect", url: appendQuery(f.requestUrl, fields) };
    },

    async confirm({ query: rawQuery, expected, mode }) {
      const query = normalizeReturnQuery(rawQuery);
      const wrongTxn = otherTxn(query, ["TXNID", "PRN"], expected.txnId);
      if (wrongTxn) return tampered(wrongTxn, Object.fromEntries(query));
      const isWebReturn = ["DV", "PS", "RC"].some((name) => query.has(name));
      // The web payment has no status API; a QR payment has one, and an empty query re-checks it.
      if (mode === "qr" || !isWebReturn) return qrStatus(expected, Object.fromEntries(query));
      return webResult(query, expected);
    },

    txnIdFromReturn(rawQuery) {
      const query = normalizeReturnQuery(rawQuery);
      return query.get("TXNID") || query.get("PRN") || null;
    },
  };
}
