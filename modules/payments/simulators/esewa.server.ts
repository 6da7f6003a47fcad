import { encodeEsewaData, ESEWA_RESPONSE_SIGNED, esewaSignature, esewaSignatureValid } from "../gateways/esewa.server";
import { formatNpr, parseRupees, rupees, rupeesGrouped } from "../gateways/money";
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

/** eSewa ePay v2 as the merchant sees it: the form endpoint, the wallet page, the status API. */

interface EsewaTxn extends SimState {
  fields: Record<string, string>;
  amountPaisa: number;
  refId?: string;
}

const txns = simStore<EsewaTxn>("esewa");
const FORM_FIELDS = [
  "amount",
  "tax_amount",
  "total_amount",
  "transaction_uuid",
  "product_code",
  "product_service_charge",
  "product_delivery_charge",
  "success_url",
  "failure_url",
  "signed_field_names",
  "signature",
];
const NAME = "eSewa";

/** POST /api/epay/main/v2/form */
export async function esewaForm(request: Request, ctx: SimContext): Promise<Response> {
  const fields = await readParams(request);
  const missing = FORM_FIELDS.filter((name) => !fields[name]?.trim());
  if (missing.length > 0) return errorPage(NAME, `Invalid payload: ${missing.join(", ")} required.`);
  if (fields.product_code !== ctx.config.esewa.productCode) return errorPage(NAME, "Invalid product code.");
  const signed = fields.signed_field_names.split(",");
  if (!["total_amount", "transaction_uuid", "product_code"].every((name) => signed.includes(name)) || !esewaSignatureValid(ctx.config.esewa.secret, fields)) {
    return errorPage(NAME, "Invalid signature.");
  }
  if (!/^[A-Za-z0-9-]+$/.test(fields.transaction_uuid)) return errorPage(NAME, "transaction_uuid may hold only letters, digits and hyphens.");
  const parts = ["amount", "tax_amount", "product_service_charge", "product_delivery_charge"].map((name) => parseRupees(fields[name]));
  const total = parseRupees(fields.total_amount);
  if (parts.some((p) => p === null) || total === null || total <= 0) return errorPage(NAME, "Invalid amount.");
  if (parts.reduce((sum, p) => sum! + p!, 0) !== total)
    return errorPage(NAME, "total_amount must equal amount + tax_amount + product_service_charge + product_delivery_charge.");
  const existing = txns.get(fields.transaction_uuid);
  if (existing && existing.state !== "open") return errorPage(NAME, "Duplicate transaction_uuid.", 409);
  txns.set(fields.transaction_uuid, { ...newState(), fields, amountPaisa: total });
  return redirect(sessionPath(ctx, "esewa", fields.transaction_uuid));
}

/** GET /api/epay/transaction/status/?product_code&total_amount&transaction_uuid */
export async function esewaStatus(request: Request, ctx: SimContext): Promise<Response> {
  const q = new URL(request.url).searchParams;
  const uuid = q.get("transaction_uuid") ?? "";
  const productCode = q.get("product_code") ?? "";
  const asked = parseRupees(q.get("total_amount") ?? "");
  const txn = txns.get(uuid);
  const answer = (status: string, refId: string | null = null) =>
    json({ product_code: productCode, transaction_uuid: uuid, total_amount: asked === null ? 0 : asked / 100, status, ref_id: refId });
  if (!txn || productCode !== ctx.config.esewa.productCode || asked !== txn.amountPaisa) return answer("NOT_FOUND");
  if (txn.state === "paid") return stillPending(txn) ? answer("PENDING") : answer("COMPLETE", txn.refId ?? null);
  if (txn.state === "cancelled") return answer("CANCELED");
  if (txn.state === "failed") return answer("NOT_FOUND");
  return answer("PENDING");
}

function successData(txn: EsewaTxn, ctx: SimContext): Record<string, string> {
  const data: Record<string, string> = {
    transaction_code: txn.refId!,
    status: "COMPLETE",
    // eSewa's answers have shown both "1000.0" and "2,700.0"; the simulator uses the harder one.
    total_amount: rupeesGrouped(txn.amountPaisa),
    transaction_uuid: txn.fields.transaction_uuid,
    product_code: txn.fields.product_code,
    signed_field_names: ESEWA_RESPONSE_SIGNED.join(","),
  };
  data.signature = esewaSignature(ctx.config.esewa.secret, data, data.signed_field_names);
  return data;
}

export const esewaSimulator: ProviderSimulator = {
  view(id, ctx) {
    const txn = txns.get(id);
    if (!txn) return null;
    return {
      provider: "esewa",
      title: "eSewa (simulator)",
      amountText: formatNpr(txn.amountPaisa),
      rows: [
        ["Merchant product", txn.fields.product_code],
        ["Transaction", txn.fields.transaction_uuid],
      ],
      choices: choices(),
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
        Object.assign(txn, { state: "paid", refId: randomId(8).toUpperCase() });
        return redirect(appendQuery(txn.fields.success_url, { data: encodeEsewaData(successData(txn, ctx)) }));
      case "failure":
        // eSewa keeps no record of a failed attempt: its status API answers NOT_FOUND.
        txn.state = "failed";
        return redirect(txn.fields.failure_url);
      case "cancel":
        txn.state = "cancelled";
        return redirect(txn.fields.failure_url);
      case "abandon":
        Object.assign(txn, { state: "paid", refId: randomId(8).toUpperCase() });
        return abandonedPage(NAME, true);
      case "delayed":
        // Paid, but the success redirect never arrives: only the status API tells, after N "PENDING"s.
        Object.assign(txn, { state: "paid", refId: randomId(8).toUpperCase(), pendingLookups: options.pendingLookups });
        return redirect(txn.fields.failure_url);
      case "tampered": {
        // Not paid; the browser brings back success data whose amount was raised after signing.
        const data = successData({ ...txn, refId: randomId(8).toUpperCase() }, ctx);
        data.total_amount = rupees(forgedAmount(txn.amountPaisa));
        txn.tampered = true;
        return redirect(appendQuery(txn.fields.success_url, { data: encodeEsewaData(data) }));
      }
      default:
        return unknownChoice(NAME, decision);
    }
  },
};
