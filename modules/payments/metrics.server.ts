import { Op } from "sequelize";
import { counter, gauge } from "@lib/observability/metrics.server";
import { PaymentAttempt } from "./models/payment-records.server";

/**
 * The payments' metrics (docs/operations.md). Outcomes are counted where each kind of payment is
 * decided: a gateway's answer in `confirmAttempt` (the browser's return and reconciliation both
 * end there), a bank voucher in `decideVoucher`.
 */
export const paymentOutcomes = counter({
  name: "tims_payments_total",
  help: "Payment answers by gateway (or voucher) and outcome: success, refund-due, failure, declined, pending; a voucher approved or rejected.",
  labelNames: ["gateway", "outcome"],
});

const OPEN = ["initiated", "pending"];

async function openAttempts(): Promise<{ gateway: string; count: number; oldest: Date | null }[]> {
  const rows = (await PaymentAttempt.findAll({
    attributes: [
      "gateway",
      [PaymentAttempt.sequelize!.fn("COUNT", PaymentAttempt.sequelize!.col("id")), "count"],
      [PaymentAttempt.sequelize!.fn("MIN", PaymentAttempt.sequelize!.col("createdAt")), "oldest"],
    ],
    where: { status: { [Op.in]: OPEN } },
    group: ["gateway"],
    raw: true,
  })) as unknown as { gateway: string; count: number | string; oldest: Date | string | null }[];
  return rows.map((r) => ({ gateway: r.gateway, count: Number(r.count), oldest: r.oldest ? new Date(r.oldest) : null }));
}

gauge({
  name: "tims_payments_open",
  help: "Gateway payments started and not yet settled or failed (the payer has not come back, or the provider has not answered), by gateway.",
  labelNames: ["gateway"],
  async collect() {
    this.reset();
    for (const row of await openAttempts()) this.set({ gateway: row.gateway }, row.count);
  },
});

gauge({
  name: "tims_payments_open_oldest_age_seconds",
  help: "Age of the oldest open gateway payment, by gateway (reconciliation should keep it under about 20 minutes).",
  labelNames: ["gateway"],
  async collect() {
    this.reset();
    const now = Date.now();
    for (const row of await openAttempts()) if (row.oldest) this.set({ gateway: row.gateway }, Math.max(0, (now - row.oldest.getTime()) / 1000));
  },
});
