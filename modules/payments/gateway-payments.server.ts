import crypto from "node:crypto";
import { getGateway, GATEWAY_METHOD_ID, type ConfirmResult, type GatewayId, type ReturnAction, type StartResult } from "./gateways/index.server";
import { PaymentAttempt, type AttemptStatus } from "./models/payment-records.server";
import { claimAttempt, settle, type SettleOutcome } from "./settle.server";
import { canPay, type RegistrationViewer } from "../registration/policy";
import { getRegistration, lockPrice } from "../registration/service.server";
import { setUnpaidStatus } from "../registration/payment-state.server";

export class PaymentRefused extends Error {}

/** Our transaction id: unique, at most 20 characters of [A-Za-z0-9-] (connectIPS' limit). */
function newTxnId(registrationId: number): string {
  return `R${registrationId}-${crypto.randomBytes(6).toString("hex")}`.slice(0, 20);
}

/**
 * Starts one attempt: fixes the price, stores the attempt, and asks the gateway where the
 * browser goes next. The amount always comes from the registration, never from the form.
 */
export async function startGatewayPayment(opts: { registrationId: number; viewer: RegistrationViewer & { fullName?: string; email?: string }; gateway: GatewayId; origin: string; mode?: "web" | "qr" }): Promise<StartResult> {
  const reg = await getRegistration(opts.registrationId, opts.viewer);
  if (!reg) throw new Response("Not Found", { status: 404 });
  if (!canPay(opts.viewer, reg)) throw new PaymentRefused(`This registration is ${reg.status}; there is nothing to pay.`);
  const amountPaisa = await lockPrice(reg.id, opts.viewer);
  if (amountPaisa <= 0) throw new PaymentRefused("Nothing to pay: every trekker on this registration is free.");
  const txnId = newTxnId(reg.id);
  const attempt = await PaymentAttempt.create({ registrationId: reg.id, userId: opts.viewer.id, gateway: opts.gateway, methodId: GATEWAY_METHOD_ID[opts.gateway], txnId, amountPaisa });
  const started = await getGateway(opts.gateway).start({
    txnId,
    amountPaisa,
    registrationId: reg.id,
    description: `TIMS card x${reg.trekkers.length}`,
    returnUrl: `${opts.origin}/new-register/${reg.id}/${opts.gateway}`,
    customer: { name: opts.viewer.fullName, email: opts.viewer.email },
    mode: opts.mode,
  });
  await attempt.update({ providerRef: started.providerRef ?? (started.kind === "qr" ? started.prn : null), answers: JSON.stringify([{ at: new Date().toISOString(), start: started }]) });
  return started;
}

export interface ReturnOutcome {
  status: "success" | "failure" | "declined" | "pending";
  registrationId: number | null;
  settle?: SettleOutcome;
  reason?: string;
}

async function record(attempt: PaymentAttempt, result: ConfirmResult, status: AttemptStatus | null) {
  const answers = JSON.parse(attempt.answers || "[]") as unknown[];
  answers.push({ at: new Date().toISOString(), status: result.status, tampered: result.tampered ?? false, reason: result.reason, raw: result.raw });
  await PaymentAttempt.update(
    { answers: JSON.stringify(answers), providerRef: result.providerRef ?? attempt.providerRef, ...(status ? { status } : {}) },
    { where: { id: attempt.id } },
  );
}

/**
 * The provider sent the browser back. The attempt is found by our own transaction id, must
 * belong to the signed-in payer, and is confirmed with the provider (signature and/or status
 * API) before anything changes. A success settles once; anything else leaves it payable again.
 */
export async function confirmGatewayReturn(opts: {
  gateway: GatewayId;
  query: URLSearchParams;
  body?: URLSearchParams;
  actionType: ReturnAction;
  /** null for a signed result POSTed by the provider's page, which may arrive without our cookie. */
  viewer: { id: number } | null;
  mode?: "web" | "qr";
  txnId?: string;
}): Promise<ReturnOutcome> {
  const adapter = getGateway(opts.gateway);
  const txnId = opts.txnId ?? adapter.txnIdFromReturn?.(opts.query, opts.body) ?? opts.query.get("TXNID");
  const attempt = txnId ? await PaymentAttempt.findOne({ where: { txnId, gateway: opts.gateway } }) : null;
  if (!attempt || (opts.viewer && attempt.userId !== opts.viewer.id)) {
    console.warn(`[payments] return for unknown transaction ${txnId ?? "(none)"} via ${opts.gateway}`);
    return { status: "failure", registrationId: null, reason: "Unknown transaction" };
  }
  if (attempt.status === "success" || attempt.status === "duplicate") {
    return { status: "success", registrationId: attempt.registrationId, settle: "already" };
  }
  const result = await adapter.confirm({
    query: opts.query,
    body: opts.body,
    expected: { txnId: attempt.txnId, amountPaisa: attempt.amountPaisa, providerRef: attempt.providerRef },
    actionType: opts.actionType,
    mode: opts.mode,
  });
  if (result.tampered) console.warn(`[payments] refused a forged or mismatched answer for ${attempt.txnId}: ${result.reason ?? ""}`);
  if (result.status === "success" && result.amountPaisa === attempt.amountPaisa) {
    await record(attempt, result, null);
    const outcome = await settle({
      registrationId: attempt.registrationId,
      amountPaisa: attempt.amountPaisa,
      methodId: attempt.methodId,
      payerUserId: attempt.userId,
      attemptId: attempt.id,
      claim: claimAttempt(attempt.id),
    });
    return { status: "success", registrationId: attempt.registrationId, settle: outcome };
  }
  const status = result.status === "success" ? "failure" : result.status;
  await record(attempt, result, status);
  if (status === "failure" || status === "declined") await setUnpaidStatus(attempt.registrationId, "Payment Failure");
  return { status, registrationId: attempt.registrationId, reason: result.reason };
}

/** The stored outcome of an attempt, for the page the payer lands on after a POSTed result. */
export async function storedOutcome(txnId: string, viewer: { id: number }): Promise<ReturnOutcome> {
  const attempt = await PaymentAttempt.findOne({ where: { txnId } });
  if (!attempt || attempt.userId !== viewer.id) return { status: "failure", registrationId: null, reason: "Unknown transaction" };
  const status = attempt.status === "success" || attempt.status === "duplicate" ? "success" : attempt.status === "initiated" ? "pending" : attempt.status;
  return { status, registrationId: attempt.registrationId };
}
