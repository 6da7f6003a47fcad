import { connectipsKeys } from "../gateways/config.server";
import { CONNECTIPS_TOKEN_FIELDS, connectipsTokenMessage, connectipsValidationMessage } from "../gateways/connectips.server";
import { formatNpr, parsePaisa } from "../gateways/money";
import { basicAuth, rsaVerifyBase64, safeEqual } from "../gateways/signing.server";
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
import { forgedAmount, newState, simStore, stillPending, type SimState } from "./store.server";

/**
 * connectIPS as the merchant sees it: the login page (TOKEN checked with the public half of the
 * merchant's key, as NCHL checks it with the registered certificate), the bank page, the return to
 * the merchant's registered URLs with ?TXNID=, and validatetxn (basic auth and token).
 * The registered decline URL is a simulator extension: live connectIPS has success and failure only.
 */

interface CipsTxn extends SimState {
  fields: Record<string, string>;
  amountPaisa: number;
}

const txns = simStore<CipsTxn>("connectips");
const NAME = "connectIPS";

/** POST /connectipswebgw/loginpage */
export async function connectipsLogin(request: Request, ctx: SimContext): Promise<Response> {
  const fields = await readParams(request);
  const c = ctx.config.connectips;
  const missing = [...CONNECTIPS_TOKEN_FIELDS, "TOKEN"].filter((name) => !fields[name]?.trim());
  if (missing.length > 0) return errorPage(NAME, `Missing ${missing.join(", ")}.`);
  if (fields.MERCHANTID !== c.merchantId || fields.APPID !== c.appId) return errorPage(NAME, "Unknown merchant or application.");
  if (!rsaVerifyBase64(connectipsKeys(ctx.config).publicKey, connectipsTokenMessage(fields), fields.TOKEN)) return errorPage(NAME, "Invalid token.");
  if (!/^[A-Za-z0-9-]{1,20}$/.test(fields.TXNID)) return errorPage(NAME, "TXNID must be at most 20 letters, digits or hyphens.");
  if (fields.TXNCRNCY !== "NPR") return errorPage(NAME, "Only NPR is accepted.");
  if (!/^\d{2}-\d{2}-\d{4}$/.test(fields.TXNDATE)) return errorPage(NAME, "TXNDATE must be DD-MM-YYYY.");
  const amount = parsePaisa(fields.TXNAMT);
  if (amount === null || amount <= 0) return errorPage(NAME, "TXNAMT must be a positive amount in paisa.");
  const existing = txns.get(fields.TXNID);
  if (existing && existing.state !== "open") return errorPage(NAME, "Duplicate TXNID.", 409);
  txns.set(fields.TXNID, { ...newState(), fields, amountPaisa: amount });
  return redirect(sessionPath(ctx, "connectips", fields.TXNID));
}

/** POST /connectipswebws/api/creditor/validatetxn */
export async function connectipsValidate(request: Request, ctx: SimContext): Promise<Response> {
  const c = ctx.config.connectips;
  if (!safeEqual(request.headers.get("authorization") ?? "", basicAuth(c.appId, c.password))) {
    return json({ timestamp: new Date().toISOString(), status: 401, error: "Unauthorized", message: "Bad credentials" }, 401);
  }
  const body = await readParams(request);
  const v = { merchantId: body.merchantId ?? "", appId: body.appId ?? "", referenceId: body.referenceId ?? "", txnAmt: body.txnAmt ?? "" };
  const answer = (status: string, statusDesc: string, txnAmt = v.txnAmt) =>
    json({ merchantId: Number(v.merchantId) || v.merchantId, appId: v.appId, referenceId: v.referenceId, txnAmt, token: null, status, statusDesc });
  if (v.merchantId !== c.merchantId || v.appId !== c.appId) return answer("ERROR", "Invalid merchant");
  if (!rsaVerifyBase64(connectipsKeys(ctx.config).publicKey, connectipsValidationMessage(v), body.token ?? "")) return answer("ERROR", "Invalid token");
  const txn = txns.get(v.referenceId);
  if (!txn) return answer("ERROR", "Transaction not found");
  // "Delayed": the validation service does not answer yet.
  if (stillPending(txn)) return new Response("Service Unavailable", { status: 503 });
  // "Tampered": a forged answer confirming another amount.
  if (txn.tampered) return answer("SUCCESS", "TRANSACTION SUCCESSFUL", String(forgedAmount(txn.amountPaisa)));
  if (parsePaisa(v.txnAmt) !== txn.amountPaisa) return answer("ERROR", "Transaction amount mismatch");
  if (txn.state === "paid") return answer("SUCCESS", "TRANSACTION SUCCESSFUL");
  if (txn.state === "open") return answer("ERROR", "Transaction not completed");
  return answer("FAILED", "TRANSACTION FAILED");
}

function back(ctx: SimContext, which: "success" | "failure" | "decline", txn: CipsTxn): Response {
  return redirect(appendQuery(ctx.config.connectips.registeredReturn[which], { TXNID: txn.fields.TXNID }));
}

export const connectipsSimulator: ProviderSimulator = {
  view(id, ctx) {
    const txn = txns.get(id);
    if (!txn) return null;
    return {
      provider: "connectips",
      title: "connectIPS (simulator)",
      amountText: formatNpr(txn.amountPaisa),
      rows: [
        ["Merchant", `${txn.fields.APPNAME} (${txn.fields.MERCHANTID})`],
        ["Transaction", txn.fields.TXNID],
        ["Remarks", txn.fields.REMARKS],
      ],
      choices: choices({ decline: "Decline (declined)" }),
      pendingLookups: ctx.config.simPendingLookups,
      done: doneText(txn.state),
    };
  },

  decide(id, decision, options, ctx) {
    const txn = txns.get(id);
    if (!txn) return unknownPayment(NAME);
    if (txn.state !== "open") return alreadyDone(NAME);
    switch (decision) {
      case "success":
        txn.state = "paid";
        return back(ctx, "success", txn);
      case "failure":
        txn.state = "failed";
        return back(ctx, "failure", txn);
      case "decline":
        txn.state = "declined";
        return back(ctx, "decline", txn);
      case "cancel":
        txn.state = "cancelled";
        return back(ctx, "failure", txn);
      case "abandon":
        txn.state = "paid";
        return abandonedPage(NAME, true);
      case "delayed":
        Object.assign(txn, { state: "paid", pendingLookups: options.pendingLookups });
        return back(ctx, "success", txn);
      case "tampered":
        Object.assign(txn, { state: "paid", tampered: true });
        return back(ctx, "success", txn);
      default:
        return unknownChoice(NAME, decision);
    }
  },
};
