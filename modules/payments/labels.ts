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

/** A bank-deposit voucher's number, as the voucher list and e-mails show it. */
export const voucherInvoiceId = (id: number) => `V-${String(id).padStart(6, "0")}`;
