import { kathmanduDate } from "@lib/dates";
import { connectipsKeys, paymentConfig } from "./config.server";
import { asRecord, describeError, httpCall, str, type GatewayDeps } from "./http.server";
import { parsePaisa } from "./money";
import { outcome, otherTxn, tampered } from "./results";
import { basicAuth, namedMessage, rsaSignBase64 } from "./signing.server";
import type { PaymentGateway, StartInput } from "./types";
import { assertTxnId, normalizeReturnQuery } from "./urls";

/**
 * connectIPS (NCHL; payments-protocols.md): an RSA-signed form to the login page, a return to the
 * success or failure URL registered with NCHL carrying only ?TXNID=, and validatetxn. The return
 * URLs are the merchant's registration, not per attempt, so the registration id in them is the
 * literal "noreg" (spec 1 §2.1) and the attempt is found by TXNID.
 */

export const CONNECTIPS_TOKEN_FIELDS = [
  "MERCHANTID",
  "APPID",
  "APPNAME",
  "TXNID",
  "TXNDATE",
  "TXNCRNCY",
  "TXNAMT",
  "REFERENCEID",
  "REMARKS",
  "PARTICULARS",
] as const;

/** The form's token message: the fields in order, then the literal TOKEN=TOKEN. */
export function connectipsTokenMessage(fields: Record<string, string | undefined>): string {
  return `${namedMessage(fields, CONNECTIPS_TOKEN_FIELDS)},TOKEN=TOKEN`;
}

/** validatetxn's token message. */
export function connectipsValidationMessage(v: { merchantId: string; appId: string; referenceId: string; txnAmt: string }): string {
  return `MERCHANTID=${v.merchantId},APPID=${v.appId},REFERENCEID=${v.referenceId},TXNAMT=${v.txnAmt}`;
}

/** TXNDATE: DD-MM-YYYY, the date in Nepal. */
export function connectipsDate(at: Date): string {
  const [y, m, d] = kathmanduDate(at).split("-");
  return `${d}-${m}-${y}`;
}

/** Free text for the form: no separators of the token message, bounded length. */
function plain(text: string, max: number): string {
  return text.replace(/[,=]/g, " ").replace(/\s+/g, " ").trim().slice(0, max) || "N/A";
}

export function createConnectipsGateway(deps: GatewayDeps = {}): PaymentGateway {
  const cfg = deps.config ?? paymentConfig();
  const fetchFn = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const c = cfg.connectips;

  return {
    id: "connectips",

    async start(input: StartInput) {
      assertTxnId(input.txnId);
      if (!Number.isSafeInteger(input.amountPaisa) || input.amountPaisa <= 0) throw new RangeError("amount must be positive paisa");
      const fields: Record<string, string> = {
        MERCHANTID: c.merchantId,
        APPID: c.appId,
        APPNAME: c.appName,
        TXNID: input.txnId,
        TXNDATE: connectipsDate(now()),
        TXNCRNCY: "NPR",
        TXNAMT: String(input.amountPaisa),
        REFERENCEID: `REG-${input.registrationId}`,
        REMARKS: plain(input.description, 50),
        PARTICULARS: plain(`TIMS registration ${input.registrationId}`, 100),
      };
      fields.TOKEN = rsaSignBase64(connectipsKeys(cfg).privateKey, connectipsTokenMessage(fields));
      return { kind: "form", action: c.gatewayUrl, method: "POST", fields };
    },

    async confirm({ query: rawQuery, expected, actionType }) {
      const query = normalizeReturnQuery(rawQuery);
      const returned = Object.fromEntries(query);
      const wrongTxn = otherTxn(query, ["TXNID"], expected.txnId);
      if (wrongTxn) return tampered(wrongTxn, returned);
      const txnAmt = String(expected.amountPaisa);
      const payload = {
        merchantId: /^\d+$/.test(c.merchantId) ? Number(c.merchantId) : c.merchantId,
        appId: c.appId,
        referenceId: expected.txnId,
        txnAmt,
        token: rsaSignBase64(
          connectipsKeys(cfg).privateKey,
          connectipsValidationMessage({ merchantId: c.merchantId, appId: c.appId, referenceId: expected.txnId, txnAmt }),
        ),
      };
      let answer;
      try {
        answer = await httpCall(
          fetchFn,
          c.validateUrl,
          {
            method: "POST",
            headers: { Authorization: basicAuth(c.appId, c.password), "Content-Type": "application/json", Accept: "application/json" },
            body: JSON.stringify(payload),
          },
          cfg.httpTimeoutMs,
        );
      } catch (error) {
        return outcome("pending", { returned, validation: null }, { reason: `connectIPS validatetxn unreachable: ${describeError(error)}` });
      }
      const body = asRecord(answer.body);
      const raw = { returned, validation: answer.body };
      const status = str(body.status).toUpperCase();
      if (answer.status !== 200 || !status) return outcome("pending", raw, { reason: `connectIPS validatetxn answered ${answer.status}` });
      // Map on status, never on statusDesc.
      switch (status) {
        case "SUCCESS": {
          if (body.referenceId !== undefined && str(body.referenceId) !== expected.txnId) return tampered(`validation names ${str(body.referenceId)}`, raw);
          if (body.txnAmt !== undefined && parsePaisa(body.txnAmt) !== expected.amountPaisa)
            return tampered(`validation amount ${str(body.txnAmt)} is not ${txnAmt} paisa`, raw);
          return outcome("success", raw, { amountPaisa: expected.amountPaisa });
        }
        case "FAILED":
          return outcome(actionType === "decline" ? "declined" : "failure", raw, { reason: str(body.statusDesc) || "connectIPS status FAILED" });
        case "ERROR":
          return outcome("failure", raw, { reason: str(body.statusDesc) || "connectIPS status ERROR" });
        default:
          return outcome("pending", raw, { reason: `connectIPS status ${status} not understood` });
      }
    },

    txnIdFromReturn(rawQuery) {
      return normalizeReturnQuery(rawQuery).get("TXNID");
    },
  };
}
