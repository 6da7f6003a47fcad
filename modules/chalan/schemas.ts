import { z } from "zod";
import { plainText } from "@lib/validation";
import { isIsoDate } from "@lib/dates";
import { CHALAN_MESSAGES } from "./rules";

/**
 * The chalan page's forms (spec 2 §5 "Chalan"), told apart by `intent`. Dates are YYYY-MM-DD (the
 * browser's date input); the spec's MM/DD/YYYY is how a date picker shows them.
 */
const NOT_A_DATE = "Enter a date as YYYY-MM-DD";

/** A date field: empty is undefined (Conform hands over no value), anything else must be a real date. */
const dateField = (required: string) => plainText({}, required).min(1, required).refine(isIsoDate, NOT_A_DATE);

const optionalDate = plainText()
  .refine((v) => v === "" || isIsoDate(v), NOT_A_DATE)
  .optional()
  .transform((v) => v || undefined);

const rangeFields = { startDate: dateField(CHALAN_MESSAGES.startRequired), endDate: dateField(CHALAN_MESSAGES.endRequired) };

const endNotBeforeStart = <T extends { startDate: string; endDate: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: CHALAN_MESSAGES.endBeforeStart });
};

/** 'Push Chalan To ERP': verify (download) or generate (push after the confirmation). */
export const pushChalanSchema = z.object({ intent: z.enum(["verify", "generate"]), ...rangeFields }).superRefine(endNotBeforeStart);

/** 'TIMS Chalan': every chalan row of the range, pushed or not. */
export const timsChalanSchema = z.object({ intent: z.literal("tims"), ...rangeFields }).superRefine(endNotBeforeStart);

/** 'Customer': both dates or neither. */
export const customerChalanSchema = z.object({ intent: z.literal("customer"), startDate: optionalDate, endDate: optionalDate }).superRefine((v, ctx) => {
  if (v.startDate && !v.endDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: CHALAN_MESSAGES.customerEndRequired });
  if (v.endDate && !v.startDate) ctx.addIssue({ code: "custom", path: ["startDate"], message: CHALAN_MESSAGES.customerStartRequired });
  if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: CHALAN_MESSAGES.endBeforeStart });
});

/** The confirmation step of 'Generate Bill' (GET parameters of /chalan/generate). */
export const generateConfirmSchema = z.object({ ...rangeFields }).superRefine(endNotBeforeStart);
