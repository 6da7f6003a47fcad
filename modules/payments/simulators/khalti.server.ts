import { formatNpr, parsePaisa } from "../gateways/money";
import { appendQuery } from "../gateways/urls";
import { abandonedPage, alreadyDone, choices, doneText, unknownChoice, unknownPayment, type ProviderSimulator, type SimContext } from "./context.server";
import { json, readParams, redirect } from "./html.server";
import { forgedAmount, newState, randomId, simStore, stillPending, type SimState } from "./store.server";

/** Khalti KPG-2 as the merchant sees it: initiate, the payment page, lookup. */

interface KhaltiTxn extends SimState {
  pidx: string;
  amountPaisa: number;
  returnUrl: string;
  purchaseOrderId: string;
  purchaseOrderName: string;
  transactionId?: string;
  expiresAt: number;
}

const txns = simStore<KhaltiTxn>("khalti");
const NAME = "Khalti";
const EXPIRES_IN = 1800;

function authorised(request: Request, ctx: SimContext): boolean {
  return request.headers.get("authorization") === `Key ${ctx.config.khalti.secretKey}`;
}

const invalidToken = () => json({ detail: "Invalid token.", status_code: 401 }, 401);

/** POST /api/v2/epayment/initiate/ */
export async function khaltiInitiate(request: Request, ctx: SimContext): Promise<Response> {
  if (!authorised(request, ctx)) return invalidToken();
  const body = await readParams(request);
  const errors: Record<string, string[]> = {};
  for (const name of ["return_url", "website_url", "amount", "purchase_order_id", "purchase_order_name"]) {
    if (!body[name]?.trim()) errors[name] = ["This field is required."];
  }
  const amount = parsePaisa(body.amount);
  if (!errors.amount && (amount === null || amount < 1000)) errors.amount = ["Amount should be greater than Rs. 10, that is 1000 paisa."];
  if (!errors.return_url && !/^(https?:\/\/|\/)/.test(body.return_url)) errors.return_url = ["Enter a valid URL."];
  if (Object.keys(errors).length > 0) return json({ ...errors, error_key: "validation_error" }, 400);
  const pidx = randomId(22);
  const expiresAt = Date.now() + EXPIRES_IN * 1000;
  txns.set(pidx, {
    ...newState(),
    pidx,
    amountPaisa: amount!,
    returnUrl: body.return_url,
    purchaseOrderId: body.purchase_order_id,
    purchaseOrderName: body.purchase_order_name,
    expiresAt,
  });
  return json({ pidx, payment_url: `${ctx.config.simBase}/khalti/session/${pidx}`, expires_at: new Date(expiresAt).toISOString(), expires_in: EXPIRES_IN });
}

/** POST /api/v2/epayment/lookup/ */
export async function khaltiLookup(request: Request, ctx: SimContext): Promise<Response> {
  if (!authorised(request, ctx)) return invalidToken();
  const { pidx = "" } = await readParams(request);
  const txn = txns.get(pidx);
  if (!txn) return json({ detail: "Not found.", error_key: "validation_error" }, 404);
  const answer = (status: string, httpStatus = 200) =>
    json(
      { pidx, total_amount: txn.amountPaisa, status, transaction_id: status === "Completed" ? txn.transactionId : null, fee: 0, refunded: false },
      httpStatus,
    );
  if (txn.state === "paid") return stillPending(txn) ? answer("Pending") : answer("Completed");
  if (txn.state === "cancelled") return answer("User canceled", 400);
  if (txn.state === "expired") return answer("Expired", 400);
  if (Date.now() > txn.expiresAt) return answer("Expired", 400);
  return answer("Initiated");
}

function callback(txn: KhaltiTxn, status: string, amountPaisa = txn.amountPaisa): Response {
  const tid = status === "Completed" || status === "Pending" ? (txn.transactionId ?? "") : "";
  return redirect(
    appendQuery(txn.returnUrl, {
      pidx: txn.pidx,
      transaction_id: tid,
      tidx: tid,
      txnId: tid,
      amount: String(amountPaisa),
      total_amount: String(amountPaisa),
      mobile: "98XXXXX904",
      status,
      purchase_order_id: txn.purchaseOrderId,
      purchase_order_name: txn.purchaseOrderName,
    }),
  );
}

export const khaltiSimulator: ProviderSimulator = {
  view(id, ctx) {
    const txn = txns.get(id);
    if (!txn) return null;
    return {
      provider: "khalti",
      title: "Khalti (simulator)",
      amountText: formatNpr(txn.amountPaisa),
      rows: [
        ["Order", txn.purchaseOrderName],
        ["Order id", txn.purchaseOrderId],
        ["pidx", txn.pidx],
      ],
      choices: choices(),
      pendingLookups: ctx.config.simPendingLookups,
      done: doneText(txn.state),
    };
  },

  decide(id, decision, options) {
    const txn = txns.get(id);
    if (!txn) return unknownPayment(NAME);
    if (txn.state !== "open") return alreadyDone(NAME);
    switch (decision) {
      case "success":
        Object.assign(txn, { state: "paid", transactionId: randomId(22) });
        return callback(txn, "Completed");
      case "failure":
        // The payment link lapses unpaid: Khalti reports it Expired.
        txn.state = "expired";
        return callback(txn, "Expired");
      case "cancel":
        txn.state = "cancelled";
        return callback(txn, "User canceled");
      case "abandon":
        Object.assign(txn, { state: "paid", transactionId: randomId(22) });
        return abandonedPage(NAME, true);
      case "delayed":
        Object.assign(txn, { state: "paid", transactionId: randomId(22), pendingLookups: options.pendingLookups });
        return callback(txn, "Pending");
      case "tampered":
        // Not paid; the callback claims Completed for a smaller amount.
        txn.tampered = true;
        return callback({ ...txn, transactionId: randomId(22) }, "Completed", forgedAmount(txn.amountPaisa));
      default:
        return unknownChoice(NAME, decision);
    }
  },
};
