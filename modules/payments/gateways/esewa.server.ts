import { rupees, parseRupees } from "./money";
import { paymentConfig } from "./config.server";
import { asRecord, describeError, httpCall, str, type GatewayDeps } from "./http.server";
import { outcome, otherTxn, tampered } from "./results";
import { hmacBase64, namedMessage, safeEqual } from "./signing.server";
import type { ConfirmInput, ConfirmResult, PaymentGateway, StartInput } from "./types";
import { appendQuery, assertTxnId, normalizeReturnQuery, resultUrl } from "./urls";

/** eSewa ePay v2 (payments-protocols.md): HMAC-signed form, signed base64 success data, status API. */

export const ESEWA_REQUEST_SIGNED = "total_amount,transaction_uuid,product_code";
/** Fields the success data must sign before we believe it. */
export const ESEWA_RESPONSE_SIGNED = ["transaction_code", "status", "total_amount", "transaction_uuid", "product_code", "signed_field_names"] as const;

/** base64(HMAC-SHA256(secret, "name=value,..." over signed_field_names)). */
export function esewaSignature(secret: string, fields: Record<string, string | undefined>, signedFieldNames: string): string {
  return hmacBase64("sha256", secret, namedMessage(fields, signedFieldNames.split(",")));
}

export function esewaSignatureValid(secret: string, fields: Record<string, string | undefined>): boolean {
  const names = fields.signed_field_names;
  const signature = fields.signature;
  return Boolean(names && signature && safeEqual(esewaSignature(secret, fields, names), signature));
}

/**
 * The success `data` value: base64 JSON. Tolerates base64url and "+" turned into spaces by a raw
 * query. Numbers keep their text as sent ("total_amount":1000.0 stays "1000.0"), because the
 * signature is over that text and JSON.parse would make it 1000.
 */
export function decodeEsewaData(data: string): Record<string, string> | null {
  try {
    const normal = data.trim().replace(/ /g, "+").replace(/-/g, "+").replace(/_/g, "/");
    const text = Buffer.from(normal, "base64").toString("utf8");
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    return Object.fromEntries(
      Object.entries(parsed).map(([key, value]) => {
        if (typeof value !== "number") return [key, str(value)];
        const raw = new RegExp(`"${key.replace(/[^\w]/g, "\\$&")}"\\s*:\\s*(-?[0-9][0-9.eE+-]*)`).exec(text);
        return [key, raw ? raw[1] : String(value)];
      }),
    );
  } catch {
    return null;
  }
}

export function encodeEsewaData(fields: Record<string, string>): string {
  return Buffer.from(JSON.stringify(fields), "utf8").toString("base64");
}

export function createEsewaGateway(deps: GatewayDeps = {}): PaymentGateway {
  const cfg = deps.config ?? paymentConfig();
  const fetchFn = deps.fetch ?? fetch;
  const { productCode, secret } = cfg.esewa;

  async function statusCheck(expected: ConfirmInput["expected"], returned: unknown): Promise<ConfirmResult> {
    const url = appendQuery(cfg.esewa.statusUrl, {
      product_code: productCode,
      total_amount: rupees(expected.amountPaisa),
      transaction_uuid: expected.txnId,
    });
    let answer;
    try {
      answer = await httpCall(fetchFn, url, { method: "GET", headers: { Accept: "application/json" } }, cfg.httpTimeoutMs);
    } catch (error) {
      return outcome("pending", { returned, status: null }, { reason: `eSewa status API unreachable: ${describeError(error)}` });
    }
    const body = asRecord(answer.body);
    const raw = { returned, status: answer.body };
    const status = str(body.status);
    if (answer.status !== 200 || !status) {
      return outcome("pending", raw, { reason: `eSewa status API answered ${answer.status}${body.error_message ? `: ${str(body.error_message)}` : ""}` });
    }
    switch (status) {
      case "COMPLETE": {
        if (str(body.transaction_uuid) !== expected.txnId) return tampered(`status names transaction ${str(body.transaction_uuid)}`, raw);
        const paid = parseRupees(body.total_amount);
        if (paid !== expected.amountPaisa) return tampered(`status amount ${str(body.total_amount)} is not ${rupees(expected.amountPaisa)}`, raw);
        return outcome("success", raw, { providerRef: str(body.ref_id) || undefined, amountPaisa: paid });
      }
      case "PENDING":
      case "AMBIGUOUS":
        return outcome("pending", raw, { reason: `eSewa status ${status}` });
      case "NOT_FOUND":
      case "CANCELED":
        return outcome("failure", raw, { reason: `eSewa status ${status}` });
      case "FULL_REFUND":
      case "PARTIAL_REFUND":
        return outcome("failure", raw, { reason: `eSewa status ${status}: refunded` });
      default:
        return outcome("pending", raw, { reason: `eSewa status ${status} not understood` });
    }
  }

  return {
    id: "esewa",

    async start(input: StartInput) {
      assertTxnId(input.txnId);
      const total = rupees(input.amountPaisa);
      const fields: Record<string, string> = {
        amount: total,
        tax_amount: "0",
        total_amount: total,
        transaction_uuid: input.txnId,
        product_code: productCode,
        product_service_charge: "0",
        product_delivery_charge: "0",
        success_url: resultUrl(input.returnUrl, "success", input.registrationId, input.txnId),
        failure_url: resultUrl(input.returnUrl, "failure", input.registrationId, input.txnId),
        signed_field_names: ESEWA_REQUEST_SIGNED,
      };
      fields.signature = esewaSignature(secret, fields, ESEWA_REQUEST_SIGNED);
      return { kind: "form", action: cfg.esewa.formUrl, method: "POST", fields };
    },

    async confirm({ query: rawQuery, expected }) {
      const query = normalizeReturnQuery(rawQuery);
      const wrongTxn = otherTxn(query, ["TXNID"], expected.txnId);
      if (wrongTxn) return tampered(wrongTxn, Object.fromEntries(query));
      const data = query.get("data");
      // The failure redirect carries nothing signed: only the status API can say what happened.
      if (!data) return statusCheck(expected, null);
      const fields = decodeEsewaData(data);
      if (!fields) return tampered("eSewa data is not base64 JSON", { data });
      const signed = (fields.signed_field_names ?? "").split(",");
      const unsigned = ESEWA_RESPONSE_SIGNED.filter((name) => !signed.includes(name));
      if (unsigned.length > 0) return tampered(`eSewa data does not sign ${unsigned.join(", ")}`, fields);
      if (!esewaSignatureValid(secret, fields)) return tampered("eSewa signature does not match", fields);
      if (fields.transaction_uuid !== expected.txnId) return tampered(`eSewa data names transaction ${fields.transaction_uuid}`, fields);
      if (fields.product_code !== productCode) return tampered(`eSewa data names product ${fields.product_code}`, fields);
      const paid = parseRupees(fields.total_amount);
      if (paid !== expected.amountPaisa) return tampered(`eSewa amount ${fields.total_amount} is not ${rupees(expected.amountPaisa)}`, fields);
      if (fields.status === "COMPLETE") return outcome("success", fields, { providerRef: fields.transaction_code, amountPaisa: paid });
      return statusCheck(expected, fields);
    },

    txnIdFromReturn(rawQuery) {
      const query = normalizeReturnQuery(rawQuery);
      const data = query.get("data");
      return query.get("TXNID") || (data ? decodeEsewaData(data)?.transaction_uuid || null : null);
    },
  };
}
