import { paymentConfig } from "./config.server";
import { asRecord, describeError, httpCall, str, type GatewayDeps } from "./http.server";
import { parsePaisa } from "./money";
import { outcome, otherTxn, tampered } from "./results";
import type { PaymentGateway, StartInput } from "./types";
import { assertTxnId, normalizeReturnQuery, resultUrl } from "./urls";

/** Khalti KPG-2 (payments-protocols.md): initiate, redirect to payment_url, lookup. Amounts are paisa. */

export function createKhaltiGateway(deps: GatewayDeps = {}): PaymentGateway {
  const cfg = deps.config ?? paymentConfig();
  const fetchFn = deps.fetch ?? fetch;
  const { apiBase, secretKey, websiteUrl } = cfg.khalti;
  const headers = { Authorization: `Key ${secretKey}`, "Content-Type": "application/json", Accept: "application/json" };

  return {
    id: "khalti",

    async start(input: StartInput) {
      assertTxnId(input.txnId);
      const customer = Object.fromEntries(Object.entries(input.customer ?? {}).filter(([, v]) => v));
      const payload = {
        return_url: resultUrl(input.returnUrl, "success", input.registrationId, input.txnId),
        website_url: websiteUrl,
        amount: input.amountPaisa,
        purchase_order_id: input.txnId,
        purchase_order_name: input.description,
        ...(Object.keys(customer).length > 0 ? { customer_info: customer } : {}),
      };
      const answer = await httpCall(fetchFn, `${apiBase}/epayment/initiate/`, { method: "POST", headers, body: JSON.stringify(payload) }, cfg.httpTimeoutMs);
      const body = asRecord(answer.body);
      if (answer.status !== 200 || !body.pidx || !body.payment_url) {
        throw new Error(`Khalti initiate refused (${answer.status}): ${answer.text.slice(0, 300)}`);
      }
      return { kind: "redirect", url: str(body.payment_url), providerRef: str(body.pidx) };
    },

    async confirm({ query: rawQuery, expected }) {
      const query = normalizeReturnQuery(rawQuery);
      const returned = Object.fromEntries(query);
      const wrongTxn = otherTxn(query, ["TXNID", "purchase_order_id"], expected.txnId);
      if (wrongTxn) return tampered(wrongTxn, returned);
      const returnedPidx = query.get("pidx");
      if (expected.providerRef && returnedPidx && returnedPidx !== expected.providerRef) {
        return tampered(`return names pidx ${returnedPidx}, the attempt has ${expected.providerRef}`, returned);
      }
      // The callback is unsigned: its amounts only ever make a mismatch, never a success.
      for (const name of ["amount", "total_amount"]) {
        const value = query.get(name);
        if (value !== null && parsePaisa(value) !== expected.amountPaisa)
          return tampered(`return ${name} ${value} is not ${expected.amountPaisa} paisa`, returned);
      }
      const pidx = expected.providerRef || returnedPidx;
      if (!pidx) return outcome("failure", { returned }, { reason: "no Khalti pidx for this attempt" });

      let answer;
      try {
        answer = await httpCall(fetchFn, `${apiBase}/epayment/lookup/`, { method: "POST", headers, body: JSON.stringify({ pidx }) }, cfg.httpTimeoutMs);
      } catch (error) {
        return outcome("pending", { returned, lookup: null }, { reason: `Khalti lookup unreachable: ${describeError(error)}` });
      }
      const body = asRecord(answer.body);
      const raw = { returned, lookup: answer.body };
      const status = str(body.status);
      if (answer.status === 404) return outcome("failure", raw, { reason: `Khalti knows no payment ${pidx}` });
      // Expired and User canceled come with HTTP 400 and a normal body.
      if ((answer.status !== 200 && answer.status !== 400) || !status) {
        return outcome("pending", raw, { reason: `Khalti lookup answered ${answer.status}${body.detail ? `: ${str(body.detail)}` : ""}` });
      }
      if (str(body.pidx) !== pidx) return tampered(`lookup names pidx ${str(body.pidx)}`, raw);
      switch (status) {
        case "Completed": {
          const paid = parsePaisa(body.total_amount);
          if (paid !== expected.amountPaisa) return tampered(`lookup amount ${str(body.total_amount)} is not ${expected.amountPaisa} paisa`, raw);
          return outcome("success", raw, { providerRef: str(body.transaction_id) || undefined, amountPaisa: paid });
        }
        case "Pending":
        case "Initiated":
          return outcome("pending", raw, { reason: `Khalti status ${status}` });
        case "User canceled":
        case "Expired":
        case "Refunded":
        case "Partially Refunded":
          return outcome("failure", raw, { reason: `Khalti status ${status}` });
        default:
          return outcome("pending", raw, { reason: `Khalti status ${status} not understood` });
      }
    },

    txnIdFromReturn(rawQuery) {
      const query = normalizeReturnQuery(rawQuery);
      return query.get("TXNID") || query.get("purchase_order_id") || null;
    },
  };
}
