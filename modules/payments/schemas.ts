import { z } from "zod";
import { optionalText, requiredText } from "@lib/validation";
import { idParam } from "@lib/params";
import { GATEWAY_IDS, type GatewayId } from "./gateways/types";

export const voucherRejectSchema = z.object({ intent: z.literal("reject"), remarks: requiredText("Remarks", { multiline: true }).max(1000) });
export const voucherApproveSchema = z.object({ intent: z.literal("approve"), refNo: optionalText(60).default("") });
/** A voucher its registration cannot use (paid by another payment, or re-priced): its amount is owed back. */
export const voucherRefundSchema = z.object({ intent: z.literal("refund") });
export const voucherDecisionSchema = z.discriminatedUnion("intent", [voucherApproveSchema, voucherRejectSchema, voucherRefundSchema]);

export { RETURN_ACTIONS, VOUCHER_STATUSES } from "./labels";
import { RESULT_PAGES } from "./labels";

const CHOOSE_METHOD = "Choose a payment method.";
const gatewayField = z.enum(GATEWAY_IDS as [GatewayId, ...GatewayId[]], { message: CHOOSE_METHOD });

/**
 * The payment step's forms, told apart by `intent`: pay online (a gateway button), start a
 * NEPALPAY QR payment, ask whether the QR payment arrived, or deposit a bank voucher (the file is
 * checked by content in the service).
 */
export const paymentStepSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay"), gateway: gatewayField }),
  z.object({ intent: z.literal("qr"), gateway: z.literal("fonepay", { message: CHOOSE_METHOD }) }),
  // poll=1: the page's own check every few seconds (answers "still pending" instead of redirecting).
  z.object({ intent: z.literal("qr-status"), txnId: optionalText(40).default(""), poll: z.literal("1").optional() }),
  z.object({ intent: z.literal("voucher"), voucher: z.unknown().optional() }),
]);

/** /new-register/:regId/:paymentType/:actionType, where a gateway sends the payer back. */
export const paymentReturnParams = z.object({
  // connectIPS returns to the one URL the merchant registered with NCHL, which cannot carry the
  // registration: "/new-register/noreg/connectips/…". The transaction id says which it was.
  regId: z.union([idParam, z.literal("noreg")]),
  paymentType: gatewayField,
  actionType: z.enum(RESULT_PAGES),
});
