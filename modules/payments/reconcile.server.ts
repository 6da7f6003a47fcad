import { Op } from "sequelize";
import type { JobHandler } from "../contract";
import { confirmAttempt } from "./gateway-payments.server";
import { getGateway, isGatewayId, type GatewayId } from "./gateways/gateway-set.server";
import { PaymentAttempt } from "./models/payment-records.server";

/**
 * Reconciliation (issue 13, item 8): payers who paid and closed the tab, lost their connection
 * or whose provider never redirected leave attempts "initiated" or "pending". The providers
 * require merchants to ask their status API about such payments rather than wait for a browser
 * that will not come back. Every few minutes this asks about attempts untouched for a while and
 * settles (the same `confirmAttempt` as the browser's return, so a success issues the cards once
 * however it is learned) or fails them; a still-pending answer is recorded, which also dates the
 * next question. Card payments (no status API) and FonePay web payments (its status API knows
 * QR payments only) cannot be asked and are left as they are.
 */

export const RECONCILE_JOB = "payments.reconcile";

function minutes(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Every this many minutes (PAYMENT_RECONCILE_EVERY_MINUTES, 5). */
export const reconcileSchedule = { job: RECONCILE_JOB, everyMinutes: minutes("PAYMENT_RECONCILE_EVERY_MINUTES", 5) };

export interface ReconcileOptions {
  /** Attempts untouched for this long are asked about (PAYMENT_RECONCILE_AFTER_MINUTES, 15). */
  afterMinutes?: number;
  /** Attempts older than this are no longer asked about (3 days). */
  maxAgeHours?: number;
  now?: Date;
  limit?: number;
}

export interface ReconcileCounts {
  asked: number;
  settled: number;
  failed: number;
  pending: number;
  /** Attempts whose gateway has no status API to ask. */
  unaskable: number;
}

/** The start answer the attempt stored: a FonePay QR is checked by PRN, a web payment cannot be. */
function startedAsQr(attempt: PaymentAttempt): boolean {
  try {
    return (JSON.parse(attempt.answers || "[]") as { start?: { kind?: string } }[]).some((a) => a.start?.kind === "qr");
  } catch {
    return false;
  }
}

export function canAsk(attempt: PaymentAttempt): { mode?: "qr" } | null {
  if (attempt.gateway === "card") return null;
  if (attempt.gateway === "fonepay") return startedAsQr(attempt) ? { mode: "qr" } : null;
  return isGatewayId(attempt.gateway) ? {} : null;
}

export async function reconcilePayments(opts: ReconcileOptions = {}): Promise<ReconcileCounts> {
  const now = opts.now ?? new Date();
  const after = opts.afterMinutes ?? minutes("PAYMENT_RECONCILE_AFTER_MINUTES", 15);
  const maxAgeHours = opts.maxAgeHours ?? 72;
  const counts: ReconcileCounts = { asked: 0, settled: 0, failed: 0, pending: 0, unaskable: 0 };
  const attempts = await PaymentAttempt.findAll({
    where: {
      status: { [Op.in]: ["initiated", "pending"] },
      updatedAt: { [Op.lt]: new Date(now.getTime() - after * 60_000) },
      createdAt: { [Op.gt]: new Date(now.getTime() - maxAgeHours * 3_600_000) },
    },
    order: [["updatedAt", "ASC"]],
    limit: opts.limit ?? 200,
  });
  for (const attempt of attempts) {
    const ask = canAsk(attempt);
    if (!ask) {
      counts.unaskable++;
      continue;
    }
    counts.asked++;
    try {
      const outcome = await confirmAttempt(attempt, getGateway(attempt.gateway as GatewayId), { query: new URLSearchParams(), mode: ask.mode });
      // A capture that bought nothing (refund due) is settled too: the provider took the money.
      if (outcome.status === "success" || outcome.status === "refund-due") counts.settled++;
      else if (outcome.status === "pending") counts.pending++;
      else counts.failed++;
    } catch (error) {
      // One provider being down must not stop the others; the attempt is asked again next time.
      counts.pending++;
      console.error(`[payments] reconciling ${attempt.txnId} (${attempt.gateway}) failed:`, error);
    }
  }
  return counts;
}

export const reconcileJob: JobHandler = async () => {
  const counts = await reconcilePayments();
  if (counts.asked || counts.unaskable) {
    console.info(`[payments] reconciled: ${counts.asked} asked, ${counts.settled} settled, ${counts.failed} failed, ${counts.pending} still pending, ${counts.unaskable} without a status API`);
  }
};
