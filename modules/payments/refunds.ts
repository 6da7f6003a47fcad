import { z } from "zod";
import { requiredText } from "@lib/validation";

export { REFUND_REASONS, REFUND_STATUSES, REFUND_STATUS_LABELS, type RefundReason, type RefundStatus } from "./labels";
export { refundGatewayLabel } from "./methods";
import { REFUND_STATUSES } from "./labels";

/** "Mark refunded": the reference of the refund (the provider's refund id or the bank's). */
export const markRefundedSchema = z.object({
  reference: requiredText("Refund Reference").max(60, "At most 60 characters"),
});

/** The list's status filter from the URL: refunds still due unless asked otherwise. */
export const refundListParams = z.object({
  status: z.enum(REFUND_STATUSES).catch("due"),
});
