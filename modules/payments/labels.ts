// Payment constants and labels that pages show, without zod (the schemas in schemas.ts and
// refunds.ts are loaded by pages only on demand).

export const VOUCHER_STATUSES = ["Pending", "Approved", "Rejected"] as const;

export const RETURN_ACTIONS = ["success", "failure", "decline"] as const;

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
} as const;
export type RefundReason = keyof typeof REFUND_REASONS;

export const REFUND_STATUSES = ["due", "refunded"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = { due: "Refund due", refunded: "Refunded" };
