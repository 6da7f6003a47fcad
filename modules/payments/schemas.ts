import { z } from "zod";
import { requiredText } from "../../app/utils/validation";

export const voucherRejectSchema = z.object({ intent: z.literal("reject"), remarks: requiredText("Remarks").max(1000) });
export const voucherApproveSchema = z.object({ intent: z.literal("approve"), refNo: z.string().trim().max(60).optional().default("") });
export const voucherDecisionSchema = z.discriminatedUnion("intent", [voucherApproveSchema, voucherRejectSchema]);

export const VOUCHER_STATUSES = ["Pending", "Approved", "Rejected"] as const;
