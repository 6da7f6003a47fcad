// Payment constants and labels that pages show, without zod (the schemas in schemas.ts and
// refunds.ts are loaded by pages only on demand).

export const VOUCHER_STATUSES = ["Pending", "Approved", "Rejected"] as const;

export const RETURN_ACTIONS = ["success", "failure", "decline"] as const;

/**
 * The result page's last path segment: where the provider returned (RETURN_ACTIONS), and after
 * confirmation the panel shown, so that the URL agrees with its panel ("pending" is ours alone).
 */
export const RESULT_PAGES = [...RETURN_ACTIONS, "pending"] as const;
export type ResultPage = (typeof RESULT_PAGES)[number];

const PAGE_OF_STATUS: Record<"success" | "failure" | "declined" | "pending", ResultPage> = { success: "success", failure: "failure", declined: "decline", pending: "pending" };

/**
 * The result page that shows an attempt's outcome, read from what is stored (`stored=1`) or, for
 * "Check again", asking the provider once more (`check=1`).
 */
export function resultPageUrl(opts: { regId: number | "noreg"; gateway: string; status: keyof typeof PAGE_OF_STATUS; txnId: string; check?: boolean }): string {
  const query = new URLSearchParams({ isPayment: "1", regId: String(opts.regId), TXNID: opts.txnId, [opts.check ? "check" : "stored"]: "1" });
  return `/new-register/${opts.regId}/${opts.gateway}/${PAGE_OF_STATUS[opts.status]}?${query}`;
}

/**
 * Refunds due (issue 13, item 11): a payment that captured money but issued nothing. Two ways
 * in: the registration's price changed after the payment started (a trekker was added, removed
 * or edited, which re-prices it), or the registration was already paid by another payment.
 */
export const REFUND_REASONS = {
  "registration-changed": "Trekker added or changed after payment started",
  "already-paid": "Registration already paid",
} as const;
export type RefundReason = keyof typeof REFUND_REASONS;

export const REFUND_STATUSES = ["due", "refunded"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = { due: "Refund due", refunded: "Refunded" };
