import { Op } from "sequelize";
import type { JobHandler } from "../contract";
import { markCardsUnpaid } from "@modules/cards/index.server";
import { confirmAttempt, lastReturn, startedAsQr } from "./gateway-payments.server";
import { getGateway, isGatewayId, type GatewayId } from "./gateways/gateway-set.server";
import { PaymentAttempt } from "./models/payment-records.server";

/**
 * Reconciliation (issue 13, item 8): payers who paid and closed the tab, lost their connection
 * or whose provider never redirected leave attempts "initiated" or "pending". The providers
 * require merchants to ask their status API about such payments rather than wait for a browser
 * that will not come back. Every few minutes this asks about attempts untouched for a while and
 * settles (the same `confirmAttempt` as the browser's return, so a success issues the cards once
 * however it is learned) or fails them; a still-pending answer is recorded, which also dates the
 * next question. A FonePay web payment is asked again with what its return carried (its
 * verification needs the return's UID and bank code).
 *
 * Nothing stays open for ever: an attempt that cannot be asked and whose payer never came back (a
 * card or FonePay web payment) is closed as a failure once the provider's own payment session is
 * long over (PAYMENT_UNASKABLE_CLOSE_MINUTES, 60), and one the provider still calls pending (a
 * card under the bank's review, a status API saying PENDING) after `maxAgeHours` is closed too. Closing only makes the registration payable again:
 * a signed success arriving later still settles the attempt (claimAttempt accepts a failure), and
 * if the registration was paid meanwhile that money is a refund due, never lost.
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
  /** Attempts nobody can ask about are closed when this old (PAYMENT_UNASKABLE_CLOSE_MINUTES, 60). */
  closeUnaskableAfterMinutes?: number;
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
  /** Attempts whose gateway has no status API to ask (left open for now). */
  unaskable: number;
  /** Attempts closed as failures: unaskable and old, or still pending at the maximum age. */
  closed: number;
}

/** How an open attempt can be asked about: with an empty query (a status API), or with its stored return. */
export function canAsk(attempt: PaymentAttempt): { mode?: "qr"; returned?: NonNullable<ReturnType<typeof lastReturn>> } | null {
  if (attempt.gateway === "card") return null;
  if (attempt.gateway === "fonepay") {
    if (startedAsQr(attempt)) return { mode: "qr" };
    const returned = lastReturn(attempt);
    return returned ? { returned } : null;
  }
  return isGatewayId(attempt.gateway) ? {} : null;
}

const CLOSED_REASON = "No answer from the provider: closed by reconciliation";

/** Closes one open attempt as a failure (only if still open), leaving its registration payable again. */
async function closeUnanswered(attempt: PaymentAttempt): Promise<boolean> {
  const answers = JSON.parse(attempt.answers || "[]") as unknown[];
  answers.push({ at: new Date().toISOString(), status: "failure", reason: CLOSED_REASON });
  const [count] = await PaymentAttempt.update(
    { status: "failure", answers: JSON.stringify(answers) },
    { where: { id: attempt.id, status: { [Op.in]: ["initiated", "pending"] } } },
  );
  if (count === 1) await markCardsUnpaid(attempt.registrationId, "Payment Failure");
  return count === 1;
}

export async function reconcilePayments(opts: ReconcileOptions = {}): Promise<ReconcileCounts> {
  const now = opts.now ?? new Date();
  const after = opts.afterMinutes ?? minutes("PAYMENT_RECONCILE_AFTER_MINUTES", 15);
  const maxAgeHours = opts.maxAgeHours ?? 72;
  const closeUnaskableAfter = opts.closeUnaskableAfterMinutes ?? minutes("PAYMENT_UNASKABLE_CLOSE_MINUTES", 60);
  const counts: ReconcileCounts = { asked: 0, settled: 0, failed: 0, pending: 0, unaskable: 0, closed: 0 };
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
      // Never came back at all (a card under the bank's review did: it waits for the maximum age).
      const age = now.getTime() - new Date(attempt.createdAt).getTime();
      if (!lastReturn(attempt) && age >= closeUnaskableAfter * 60_000 && (await closeUnanswered(attempt))) counts.closed++;
      else counts.unaskable++;
      continue;
    }
    counts.asked++;
    try {
      const outcome = await confirmAttempt(attempt, getGateway(attempt.gateway as GatewayId), {
        query: new URLSearchParams(ask.returned?.query ?? ""),
        body: ask.returned?.body ? new URLSearchParams(ask.returned.body) : undefined,
        actionType: ask.returned?.actionType,
        mode: ask.mode,
      });
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
  // Past the maximum age nobody asks any more: what is still open is closed, not left for ever.
  const stale = await PaymentAttempt.findAll({
    where: { status: { [Op.in]: ["initiated", "pending"] }, createdAt: { [Op.lte]: new Date(now.getTime() - maxAgeHours * 3_600_000) } },
    limit: opts.limit ?? 200,
  });
  for (const attempt of stale) if (await closeUnanswered(attempt)) counts.closed++;
  return counts;
}

export const reconcileJob: JobHandler = async () => {
  const counts = await reconcilePayments();
  if (counts.asked || counts.unaskable || counts.closed) {
    console.info(
      `[payments] reconciled: ${counts.asked} asked, ${counts.settled} settled, ${counts.failed} failed, ${counts.pending} still pending, ${counts.unaskable} without a status API, ${counts.closed} closed unanswered`,
    );
  }
};
