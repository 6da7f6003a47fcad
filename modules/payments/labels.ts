// Payment constants and labels that pages show, without zod (the schemas in schemas.ts and
// refunds.ts are loaded by pages only on demand).

/**
 * A voucher's status: the board's decision, or, for a deposit that bought nothing (its
 * registration was paid by another payment, or re-priced), where its refund stands.
 */
export const VOUCHER_STATUSES = ["Pending", "Approved", "Rejected", "Refund due", "Refunded"] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const RETURN_ACTIONS = ["success", "failure", "decline"] as const;

/**
 * The result page's last path segment: where the provider returned (RETURN_ACTIONS), and after
 * confirmation the panel shown, so that the URL agrees with its panel ("pending" is ours alone).
 */
export const RESULT_PAGES = [...RETURN_ACTIONS, "pending"] as const;
export type ResultPage = (typeof RESULT_PAGES)[number];

// A capture that bought nothing (refund due) did succeed at the provider: its page is "success",
// where the panel says the amount will be refunded.
const PAGE_OF_STATUS: Record<"success" | "failure" | "declined" | "pending" | "refund-due", ResultPage> = {
  success: "success",
  failure: "failure",
  declined: "decline",
  pending: "pending",
  "refund-due": "success",
};

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
  // Issue 25: the trek's exit date passed, unpaid, before the gateway's answer came.
  "trek-expired": "Registration expired before the payment was confirmed",
  // The board generated the cards (no payment) while the payment was at the provider.
  "cards-generated": "Cards generated before the payment was confirmed",
} as const;
export type RefundReason = keyof typeof REFUND_REASONS;

export const REFUND_STATUSES = ["due", "refunded"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = { due: "Refund due", refunded: "Refunded" };

/** A bank-deposit voucher's number, as the voucher list and e-mails show it. */
export const voucherInvoiceId = (id: number) => `V-${String(id).padStart(6, "0")}`;
