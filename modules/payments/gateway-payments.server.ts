import crypto from "node:crypto";
import { paymentOutcomes } from "./metrics.server";
import { Op } from "sequelize";
import { DomainError, notFoundError } from "@lib/errors";
import {
  getGateway,
  GATEWAY_METHOD_ID,
  type ConfirmResult,
  type GatewayId,
  type PaymentGateway,
  type ReturnAction,
  type StartResult,
} from "./gateways/gateway-set.server";
import { PaymentAttempt, type AttemptStatus } from "./models/payment-records.server";
import { claimAttempt, settle, type SettleOutcome } from "./settle.server";
import { canPay, trekDatesRefusal, type RegistrationViewer } from "@modules/registration";
import { getRegistration, lockPrice, unlockPrice } from "@modules/registration/index.server";
import { writeTransaction } from "../../db/sequelize.server";
import { gatewayAvailable } from "./gateways/config.server";
import { GATEWAY_UNAVAILABLE } from "./methods";
import { markCardsUnpaid } from "@modules/cards/index.server";
import { refundOfPayment } from "./refunds.server";
import type { RefundReason } from "./labels";

/** Nothing to pay (any more) on this registration: a 409 DomainError. */
export class PaymentRefused extends DomainError {
  constructor(message: string) {
    super(message, { status: 409 });
  }
}

/** Our transaction id: unique, at most 20 characters of [A-Za-z0-9-] (connectIPS' limit). */
function newTxnId(registrationId: number): string {
  return `R${registrationId}-${crypto.randomBytes(6).toString("hex")}`.slice(0, 20);
}

/** The gateway is not configured here, or its provider did not answer the start: a 409 DomainError. */
export class GatewayUnavailable extends DomainError {
  constructor() {
    super(GATEWAY_UNAVAILABLE, { status: 409 });
  }
}

/**
 * Starts one attempt: fixes the price, stores the attempt, and asks the gateway where the
 * browser goes next. The amount always comes from the registration, never from the form.
 * All or nothing: the provider is called outside any transaction (an HTTP call must not hold the
 * database's writer lock), so when it fails the attempt is removed and a price lock this start
 * took is released again; the payer can then choose another method with nothing left behind.
 */
export async function startGatewayPayment(opts: {
  registrationId: number;
  viewer: RegistrationViewer & { fullName?: string; email?: string };
  gateway: GatewayId;
  origin: string;
  mode?: "web" | "qr";
}): Promise<StartResult> {
  const reg = await getRegistration(opts.registrationId, opts.viewer);
  if (!reg) throw notFoundError();
  if (!canPay(opts.viewer, reg)) throw new PaymentRefused(`This registration is ${reg.status}; there is nothing to pay.`);
  const pastTrek = trekDatesRefusal(reg);
  if (pastTrek) throw new PaymentRefused(pastTrek);
  if (!gatewayAvailable(opts.gateway)) throw new GatewayUnavailable();
  if (reg.totalPaisa <= 0) throw new PaymentRefused("Nothing to pay: every trekker on this registration is free.");
  const lockedBefore = reg.priceLocked;
  const startedAt = new Date(Date.now() - 1000);
  const amountPaisa = await lockPrice(reg.id, opts.viewer, reg);
  const txnId = newTxnId(reg.id);
  let attempt: PaymentAttempt | null = null;
  try {
    attempt = await PaymentAttempt.create({
      registrationId: reg.id,
      userId: opts.viewer.id,
      gateway: opts.gateway,
      methodId: GATEWAY_METHOD_ID[opts.gateway],
      txnId,
      amountPaisa,
    });
    const started = await getGateway(opts.gateway).start({
      txnId,
      amountPaisa,
      registrationId: reg.id,
      description: `TIMS card x${reg.trekkers.length}`,
      returnUrl: `${opts.origin}/new-register/${reg.id}/${opts.gateway}`,
      customer: { name: opts.viewer.fullName, email: opts.viewer.email },
      mode: opts.mode,
    });
    await attempt.update({
      providerRef: started.providerRef ?? (started.kind === "qr" ? started.prn : null),
      answers: JSON.stringify([{ at: new Date().toISOString(), start: started }]),
    });
    return started;
  } catch (error) {
    console.error(`[payments] ${opts.gateway} could not start ${txnId}: ${(error as Error)?.message ?? error}`);
    await undoStart(reg.id, attempt?.id ?? null, lockedBefore, startedAt).catch((undo) =>
      console.error(`[payments] undoing ${txnId} failed: ${(undo as Error)?.message ?? undo}`),
    );
    throw new GatewayUnavailable();
  }
}

/**
 * Removes a failed start's attempt and, when that start took the price lock and no other attempt
 * of the registration relies on it (a second tab may have started one meanwhile), releases it.
 * Attempts abandoned before this start do not count: the price was unlocked since.
 */
async function undoStart(registrationId: number, attemptId: number | null, lockedBefore: boolean, startedAt: Date): Promise<void> {
  await writeTransaction(async (transaction) => {
    if (attemptId !== null) await PaymentAttempt.destroy({ where: { id: attemptId }, transaction });
    if (lockedBefore) return;
    const others = await PaymentAttempt.count({ where: { registrationId, status: ["initiated", "pending"], createdAt: { [Op.gte]: startedAt } }, transaction });
    if (others === 0) await unlockPrice(registrationId, transaction);
  });
}

export interface ReturnOutcome {
  /** "refund-due": the provider took the money but it bought nothing (see `refund`). */
  status: "success" | "failure" | "declined" | "pending" | "refund-due";
  registrationId: number | null;
  settle?: SettleOutcome;
  reason?: string;
  refund?: RefundDueNotice;
}

/** What the payer is told of a payment that bought nothing: how much is owed back, paid with what, and why. */
export interface RefundDueNotice {
  amountPaisa: number;
  gateway: string;
  reason: RefundReason;
}

/**
 * A captured payment that bought nothing (its registration was paid by another payment, or
 * re-priced while it was at the provider): settle recorded the refund due; the payer is told so,
 * never "Payment Successful".
 */
async function refundDueOutcome(attempt: { id: number; registrationId: number }, settled?: SettleOutcome): Promise<ReturnOutcome> {
  const refund = await refundOfPayment({ attemptId: attempt.id });
  return {
    status: "refund-due",
    registrationId: attempt.registrationId,
    settle: settled,
    refund: refund ? { amountPaisa: refund.amountPaisa, gateway: refund.gateway, reason: refund.reasonKey } : undefined,
  };
}

/** The outcome of an attempt that settle has claimed (by this call or an earlier one). */
async function settledOutcome(attemptId: number, settled: SettleOutcome): Promise<ReturnOutcome | null> {
  const attempt = await PaymentAttempt.findByPk(attemptId, { attributes: ["id", "registrationId", "status"] });
  if (!attempt) return null;
  if (attempt.status === "duplicate") return refundDueOutcome(attempt, settled);
  return attempt.status === "success" ? { status: "success", registrationId: attempt.registrationId, settle: settled } : null;
}

/**
 * What the provider's return carried, kept with the attempt's answers so that "Check again" and
 * reconciliation can repeat the confirmation: FonePay's web payment can only be verified with the
 * UID and bank code its return brought, and eSewa's failure return with the status API.
 */
interface StoredReturn {
  query: string;
  body?: string;
  actionType?: ReturnAction;
}

function storedReturn(opts: { query: URLSearchParams; body?: URLSearchParams; actionType?: ReturnAction }): StoredReturn | undefined {
  const query = opts.query.toString();
  const body = opts.body?.toString() ?? "";
  if (!query && !body) return undefined;
  return { query, ...(body ? { body } : {}), ...(opts.actionType ? { actionType: opts.actionType } : {}) };
}

/** The last return the provider sent the payer back with, if any. */
export function lastReturn(attempt: Pick<PaymentAttempt, "answers">): StoredReturn | null {
  try {
    const answers = JSON.parse(attempt.answers || "[]") as { returned?: StoredReturn }[];
    return [...answers].reverse().find((a) => a.returned)?.returned ?? null;
  } catch {
    return null;
  }
}

async function record(attempt: PaymentAttempt, result: ConfirmResult, status: AttemptStatus | null, returned?: StoredReturn) {
  const answers = JSON.parse(attempt.answers || "[]") as Record<string, unknown>[];
  // A QR page asks every few seconds while the payer pays: keep one "still pending" answer, not hundreds.
  if (result.status === "pending" && answers.at(-1)?.status === "pending" && !answers.at(-1)?.returned) answers.pop();
  answers.push({
    at: new Date().toISOString(),
    status: result.status,
    tampered: result.tampered ?? false,
    reason: result.reason,
    raw: result.raw,
    ...(returned ? { returned } : {}),
  });
  // A status is written only while the attempt is still open: a late "pending" or "failure" (the
  // reconciliation job asking while the browser's return settles) never reopens a settled attempt.
  await PaymentAttempt.update(
    { answers: JSON.stringify(answers), providerRef: result.providerRef ?? attempt.providerRef, ...(status ? { status } : {}) },
    { where: { id: attempt.id, ...(status ? { status: { [Op.in]: ["initiated", "pending", "failure", "declined"] } } : {}) } },
  );
}

/** Our transaction id as a provider's return names it (eSewa's is inside its signed data). */
export function paymentTxnIdFromReturn(gateway: GatewayId, query: URLSearchParams, body?: URLSearchParams): string | null {
  return getGateway(gateway).txnIdFromReturn?.(query, body) ?? query.get("TXNID");
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
  if (attempt.status === "success") return { status: "success", registrationId: attempt.registrationId, settle: "already" };
  if (attempt.status === "duplicate") return refundDueOutcome(attempt, "already");
  return confirmAttempt(attempt, adapter, opts);
}

/**
 * Asks the provider about an attempt and acts on the answer: a success settles once, a failure
 * or decline leaves the registration payable again, "pending" is recorded and changes nothing.
 * The browser's return and the reconciliation job (reconcile.server.ts) both end here.
 */
export async function confirmAttempt(
  attempt: PaymentAttempt,
  adapter: PaymentGateway,
  opts: { query: URLSearchParams; body?: URLSearchParams; actionType?: ReturnAction; mode?: "web" | "qr" },
): Promise<ReturnOutcome> {
  const outcome = await confirmWithProvider(attempt, adapter, opts);
  paymentOutcomes.inc({ gateway: attempt.gateway, outcome: outcome.status });
  return outcome;
}

async function confirmWithProvider(
  attempt: PaymentAttempt,
  adapter: PaymentGateway,
  opts: { query: URLSearchParams; body?: URLSearchParams; actionType?: ReturnAction; mode?: "web" | "qr" },
): Promise<ReturnOutcome> {
  const result = await adapter.confirm({
    query: opts.query,
    body: opts.body,
    expected: { txnId: attempt.txnId, amountPaisa: attempt.amountPaisa, providerRef: attempt.providerRef },
    actionType: opts.actionType,
    mode: opts.mode,
  });
  if (result.tampered) console.warn(`[payments] refused a forged or mismatched answer for ${attempt.txnId}: ${result.reason ?? ""}`);
  // A forged return is not kept for repeating.
  const returned = result.tampered ? undefined : storedReturn(opts);
  if (result.status === "success" && result.amountPaisa === attempt.amountPaisa) {
    await record(attempt, result, null, returned);
    const outcome = await settle({
      registrationId: attempt.registrationId,
      amountPaisa: attempt.amountPaisa,
      methodId: attempt.methodId,
      payerUserId: attempt.userId,
      attemptId: attempt.id,
      claim: claimAttempt(attempt.id),
    });
    // Money that bought nothing is told as a refund due, never "Payment Successful" (issue 25, 3b).
    if (outcome === "duplicate" || outcome === "mismatch" || outcome === "expired" || outcome === "generated") return refundDueOutcome(attempt, outcome);
    // "already": another confirmation settled it meanwhile, issuing or finding it bought nothing.
    if (outcome === "already")
      return (await settledOutcome(attempt.id, outcome)) ?? { status: "success", registrationId: attempt.registrationId, settle: outcome };
    return { status: "success", registrationId: attempt.registrationId, settle: outcome };
  }
  const status = result.status === "success" ? "failure" : result.status;
  // Only the answer that closes an open attempt moves the registration: the same failure told
  // again (a reload of the result page, a replayed return) must not undo what happened since,
  // such as a bank voucher now awaiting the board's review (found by the model-based tests).
  const wasOpen = attempt.status === "initiated" || attempt.status === "pending";
  await record(attempt, result, status, returned);
  if ((status === "failure" || status === "declined") && wasOpen) await markCardsUnpaid(attempt.registrationId, "Payment Failure");
  return { status, registrationId: attempt.registrationId, reason: result.reason };
}

/** The stored outcome of an attempt, for the page the payer lands on after the provider's return. */
export async function storedOutcome(txnId: string, viewer: { id: number }): Promise<ReturnOutcome> {
  const attempt = txnId ? await PaymentAttempt.findOne({ where: { txnId } }) : null;
  if (!attempt || attempt.userId !== viewer.id) return { status: "failure", registrationId: null, reason: "Unknown transaction" };
  return storedOutcomeOf(attempt);
}

/** What is known of an attempt without asking anyone: a capture that bought nothing is a refund due. */
async function storedOutcomeOf(attempt: PaymentAttempt): Promise<ReturnOutcome> {
  if (attempt.status === "duplicate") return refundDueOutcome(attempt);
  return { status: attempt.status === "initiated" ? "pending" : attempt.status, registrationId: attempt.registrationId };
}

/**
 * "Check again" on a pending payment: asks the provider once more, with what its return carried
 * (FonePay's verification needs it) or, where there is a status API, with nothing. A settled or
 * failed attempt is not asked again; a still-pending answer stays pending, never a failure.
 */
export async function recheckAttempt(txnId: string, viewer: { id: number }): Promise<ReturnOutcome> {
  const attempt = txnId ? await PaymentAttempt.findOne({ where: { txnId } }) : null;
  if (!attempt || attempt.userId !== viewer.id) return { status: "failure", registrationId: null, reason: "Unknown transaction" };
  if (attempt.status !== "initiated" && attempt.status !== "pending") return storedOutcomeOf(attempt);
  const returned = lastReturn(attempt);
  const qr = attempt.gateway === "fonepay" && startedAsQr(attempt);
  return confirmAttempt(attempt, getGateway(attempt.gateway as GatewayId), {
    query: new URLSearchParams(qr ? "" : (returned?.query ?? "")),
    body: returned?.body ? new URLSearchParams(returned.body) : undefined,
    actionType: returned?.actionType,
    mode: qr ? "qr" : undefined,
  });
}

/** The start answer the attempt stored: a FonePay QR is checked by PRN, a web payment by its return. */
export function startedAsQr(attempt: Pick<PaymentAttempt, "answers">): boolean {
  try {
    return (JSON.parse(attempt.answers || "[]") as { start?: { kind?: string } }[]).some((a) => a.start?.kind === "qr");
  } catch {
    return false;
  }
}

/** How long a NEPALPAY QR is shown and checked; after that the payer asks for a new one. */
export const QR_VALID_MS = 15 * 60 * 1000;

export interface QrPaymentView {
  prn: string;
  qrText: string;
  /** ISO instant. */
  expiresAt: string;
  expired: boolean;
  /** "pending" while unpaid (initiated or pending at the provider). */
  status: ReturnOutcome["status"];
}

/**
 * A QR payment the payer started on this registration, so the page can show the same QR again
 * after a reload or a "Check again" (it is kept until it expires). Null for anyone else's.
 */
export async function qrPayment(txnId: string, registrationId: number, viewer: { id: number }): Promise<QrPaymentView | null> {
  if (!txnId) return null;
  const attempt = await PaymentAttempt.findOne({ where: { txnId, registrationId, userId: viewer.id, gateway: "fonepay" } });
  if (!attempt) return null;
  const answers = JSON.parse(attempt.answers || "[]") as { start?: { kind?: string; qrText?: string } }[];
  const qrText = answers.find((a) => a.start?.kind === "qr")?.start?.qrText;
  if (!qrText) return null;
  const expiresAt = new Date(new Date(attempt.createdAt).getTime() + QR_VALID_MS);
  const status =
    attempt.status === "duplicate" ? "refund-due" : attempt.status === "success" ? "success" : attempt.status === "initiated" ? "pending" : attempt.status;
  return { prn: attempt.txnId, qrText, expiresAt: expiresAt.toISOString(), expired: expiresAt.getTime() <= Date.now(), status };
}
