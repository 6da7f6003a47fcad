import { paymentConfig } from "./config.server";
import type { GatewayDeps } from "./http.server";
import { parseRupees, rupeesFixed2 } from "./money";
import { outcome, otherTxn, tampered } from "./results";
import { hmacBase64, namedMessage, safeEqual } from "./signing.server";
import type { PaymentGateway, StartInput } from "./types";
import { assertTxnId, normalizeReturnQuery, resultUrl } from "./urls";

/**
 * Card through a bank's CyberSource Secure Acceptance style gateway (payments-protocols.md): we
 * sign the fields, the browser POSTs them to the gateway, and the gateway POSTs the signed result
 * back to our receipt (or cancel) page. The spec's "returns a URL the browser navigates to" is
 * the gateway URL with these signed fields, which the payment step auto-submits.
 */

/** A result is believed only if these are among its signed fields. */
export const CARD_RESULT_REQUIRED_SIGNED = ["decision", "req_amount", "req_reference_number", "req_transaction_uuid"] as const;

export function cardSignature(secret: string, fields: Record<string, string | undefined>, signedFieldNames: string): string {
  return hmacBase64("sha256", secret, namedMessage(fields, signedFieldNames.split(",")));
}

export function cardSignatureValid(secret: string, fields: Record<string, string | undefined>): boolean {
  const names = fields.signed_field_names;
  const signature = fields.signature;
  return Boolean(names && signature && safeEqual(cardSignature(secret, fields, names), signature));
}

/** signed_date_time: UTC yyyy-MM-ddTHH:mm:ssZ. */
export function cardDateTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function createCardGateway(deps: GatewayDeps = {}): PaymentGateway {
  const cfg = deps.config ?? paymentConfig();
  const now = deps.now ?? (() => new Date());
  const c = cfg.card;

  return {
    id: "card",

    async start(input: StartInput) {
      assertTxnId(input.txnId);
      const [forename, ...rest] = (input.customer?.name ?? "").trim().split(/\s+/);
      const fields: Record<string, string> = {
        access_key: c.accessKey,
        profile_id: c.profileId,
        transaction_uuid: input.txnId,
        signed_field_names: "",
        unsigned_field_names: "",
        signed_date_time: cardDateTime(now()),
        locale: c.locale,
        transaction_type: "sale",
        reference_number: input.txnId,
        amount: rupeesFixed2(input.amountPaisa),
        currency: c.currency,
        override_custom_receipt_page: resultUrl(input.returnUrl, "success", input.registrationId, input.txnId),
        override_custom_cancel_page: resultUrl(input.returnUrl, "failure", input.registrationId, input.txnId),
        ...(forename ? { bill_to_forename: forename, bill_to_surname: rest.join(" ") || forename } : {}),
        ...(input.customer?.email ? { bill_to_email: input.customer.email } : {}),
        ...(input.customer?.phone ? { bill_to_phone: input.customer.phone } : {}),
      };
      fields.signed_field_names = Object.keys(fields).join(",");
      fields.signature = cardSignature(c.secretKey, fields, fields.signed_field_names);
      return { kind: "form", action: c.payUrl, method: "POST", fields };
    },

    async confirm({ query: rawQuery, body, expected }) {
      const query = normalizeReturnQuery(rawQuery);
      const posted = body && [...body.keys()].length > 0 ? body : query;
      const fields = Object.fromEntries(posted);
      const wrongTxn = otherTxn(query, ["TXNID"], expected.txnId);
      if (wrongTxn) return tampered(wrongTxn, fields);
      // No result at all (the card gateway has no status API here): nothing to decide yet.
      if (!fields.decision && !fields.signature) return outcome("pending", fields, { reason: "no card result was posted" });
      if (!fields.signed_field_names || !fields.signature) return tampered("card result is not signed", fields);
      const signed = fields.signed_field_names.split(",");
      const unsigned = CARD_RESULT_REQUIRED_SIGNED.filter((name) => !signed.includes(name));
      if (unsigned.length > 0) return tampered(`card result does not sign ${unsigned.join(", ")}`, fields);
      if (!cardSignatureValid(c.secretKey, fields)) return tampered("card signature does not match", fields);
      if (fields.req_transaction_uuid !== expected.txnId || fields.req_reference_number !== expected.txnId) {
        return tampered(`card result names ${fields.req_transaction_uuid}/${fields.req_reference_number}`, fields);
      }
      if (signed.includes("req_access_key") && fields.req_access_key !== c.accessKey) return tampered("card result names another access key", fields);
      if (signed.includes("req_profile_id") && fields.req_profile_id !== c.profileId) return tampered("card result names another profile", fields);
      if (signed.includes("req_currency") && fields.req_currency !== c.currency) return tampered(`card currency ${fields.req_currency}`, fields);
      const paid = parseRupees(fields.req_amount);
      if (paid !== expected.amountPaisa) return tampered(`card amount ${fields.req_amount} is not ${rupeesFixed2(expected.amountPaisa)}`, fields);
      const reason = [fields.reason_code, fields.message].filter(Boolean).join(" ") || undefined;
      const extra = { providerRef: fields.transaction_id || undefined, amountPaisa: paid, reason };
      switch (fields.decision) {
        case "ACCEPT":
          return outcome("success", fields, extra);
        case "DECLINE":
          return outcome("declined", fields, extra);
        case "ERROR":
        case "CANCEL":
          return outcome("failure", fields, extra);
        case "REVIEW":
          return outcome("pending", fields, extra);
        default:
          return outcome("pending", fields, { ...extra, reason: `card decision ${fields.decision} not understood` });
      }
    },

    txnIdFromReturn(rawQuery, body) {
      const query = normalizeReturnQuery(rawQuery);
      return query.get("TXNID") || body?.get("req_transaction_uuid") || body?.get("req_reference_number") || null;
    },
  };
}
