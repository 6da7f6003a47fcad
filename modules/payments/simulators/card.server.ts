import { cardSignature, cardSignatureValid } from "../gateways/card.server";
import { formatNpr, parseRupees, rupeesFixed2 } from "../gateways/money";
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
import { autoPostPage, errorPage, readParams, redirect } from "./html.server";
import { forgedAmount, newState, randomId, simStore, type SimState } from "./store.server";

/**
 * A bank's card gateway in the CyberSource Secure Acceptance style: the signed request form, the
 * card page, and the signed result POSTed back to the merchant's receipt (or cancel) page.
 */

interface CardTxn extends SimState {
  fields: Record<string, string>;
  amountPaisa: number;
}

const txns = simStore<CardTxn>("card");
const NAME = "Card gateway";
/** The request is refused unless these are signed. */
const MUST_SIGN = [
  "access_key",
  "profile_id",
  "transaction_uuid",
  "signed_field_names",
  "signed_date_time",
  "locale",
  "transaction_type",
  "reference_number",
  "amount",
  "currency",
];

/** POST /pay */
export async function cardPay(request: Request, ctx: SimContext): Promise<Response> {
  const fields = await readParams(request);
  const c = ctx.config.card;
  const missing = [...MUST_SIGN, "signature"].filter((name) => !fields[name]?.trim());
  if (missing.length > 0) return errorPage(NAME, `Missing ${missing.join(", ")}.`);
  const signed = fields.signed_field_names.split(",");
  const unsigned = MUST_SIGN.filter((name) => !signed.includes(name));
  if (unsigned.length > 0) return errorPage(NAME, `Not signed: ${unsigned.join(", ")}.`, 403);
  if (fields.access_key !== c.accessKey || fields.profile_id !== c.profileId) return errorPage(NAME, "Unknown access key or profile.", 403);
  if (!cardSignatureValid(c.secretKey, fields)) return errorPage(NAME, "Access denied: invalid signature.", 403);
  if (fields.transaction_type !== "sale" || fields.currency !== c.currency) return errorPage(NAME, "Only NPR sales are accepted.");
  const amount = parseRupees(fields.amount);
  if (amount === null || amount <= 0) return errorPage(NAME, "Invalid amount.");
  const existing = txns.get(fields.transaction_uuid);
  if (existing && existing.state !== "open") return errorPage(NAME, "Duplicate transaction_uuid.", 409);
  txns.set(fields.transaction_uuid, { ...newState(), fields, amountPaisa: amount });
  return redirect(sessionPath(ctx, "card", fields.transaction_uuid));
}

type Decision = "ACCEPT" | "DECLINE" | "CANCEL" | "REVIEW" | "ERROR";
const REASONS: Record<Decision, [string, string]> = {
  ACCEPT: ["100", "Request was processed successfully."],
  DECLINE: ["203", "General decline of the card."],
  CANCEL: ["", "The consumer cancelled the transaction."],
  REVIEW: ["480", "The order is marked for review."],
  ERROR: ["150", "General system failure."],
};

/** The signed result, with req_* echoes of what was asked. */
export function cardResult(secret: string, txn: Pick<CardTxn, "fields">, decision: Decision): Record<string, string> {
  const [reasonCode, message] = REASONS[decision];
  const result: Record<string, string> = {
    decision,
    ...(reasonCode ? { reason_code: reasonCode } : {}),
    message,
    transaction_id: decision === "CANCEL" ? "" : randomId(22, "0123456789"),
    ...(decision === "ACCEPT" ? { auth_code: randomId(6, "0123456789") } : {}),
  };
  for (const [name, value] of Object.entries(txn.fields)) {
    if (!["signature", "signed_field_names", "unsigned_field_names", "signed_date_time"].includes(name)) result[`req_${name}`] = value;
  }
  result.signed_date_time = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
  result.signed_field_names = [...Object.keys(result), "signed_field_names"].join(",");
  result.signature = cardSignature(secret, result, result.signed_field_names);
  return result;
}

function postBack(txn: CardTxn, fields: Record<string, string>, cancel = false): Response {
  const receipt = txn.fields.override_custom_receipt_page;
  const target = (cancel && txn.fields.override_custom_cancel_page) || receipt;
  if (!target) return errorPage(NAME, "The merchant profile has no receipt page.", 500);
  return autoPostPage(`${NAME} (simulator)`, target, fields);
}

export const cardSimulator: ProviderSimulator = {
  view(id, ctx) {
    const txn = txns.get(id);
    if (!txn) return null;
    return {
      provider: "card",
      title: "Card payment (simulator)",
      amountText: formatNpr(txn.amountPaisa),
      rows: [
        ["Reference", txn.fields.reference_number],
        ["Card", "4111 1111 1111 1111 (test)"],
      ],
      choices: choices({
        success: "Accept (success)",
        failure: "Error (failure)",
        decline: "Decline (declined)",
        abandon: "Close the window (never comes back)",
        delayed: "Delayed: review (pending)",
      }),
      pendingLookups: ctx.config.simPendingLookups,
      done: doneText(txn.state),
    };
  },

  decide(id, decision, _options, ctx) {
    const txn = txns.get(id);
    if (!txn) return unknownPayment(NAME);
    if (txn.state !== "open") return alreadyDone(NAME);
    const secret = ctx.config.card.secretKey;
    switch (decision) {
      case "success":
        txn.state = "paid";
        return postBack(txn, cardResult(secret, txn, "ACCEPT"));
      case "decline":
        txn.state = "declined";
        return postBack(txn, cardResult(secret, txn, "DECLINE"));
      case "failure":
        txn.state = "failed";
        return postBack(txn, cardResult(secret, txn, "ERROR"));
      case "cancel":
        txn.state = "cancelled";
        return postBack(txn, cardResult(secret, txn, "CANCEL"), true);
      case "abandon":
        // The card gateway has no status API here: a payer who never comes back left unpaid.
        txn.state = "abandoned";
        return abandonedPage(NAME, false);
      case "delayed":
        // The bank holds the payment for review: no decision yet (the card gateway offers no status API here).
        txn.state = "review";
        return postBack(txn, cardResult(secret, txn, "REVIEW"));
      case "tampered": {
        txn.tampered = true;
        const result = cardResult(secret, txn, "ACCEPT");
        result.req_amount = rupeesFixed2(forgedAmount(txn.amountPaisa));
        return postBack(txn, result);
      }
      default:
        return unknownChoice(NAME, decision);
    }
  },
};
