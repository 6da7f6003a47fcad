import { z } from "zod";
import { checkboxField, messages, plainText, requiredText } from "@lib/validation";

export { TWO_FACTOR_CODE_LABEL } from "../form-names";
import { TWO_FACTOR_CODE_LABEL } from "../form-names";

/** The second sign-in step: a 6-digit code from the app, or one of the recovery codes. */
export const twoFactorCodeSchema = z.object({
  code: requiredText(TWO_FACTOR_CODE_LABEL).max(40),
});

/** Account Settings → Two-factor sign-in: turn on (with the first code), turn off, new recovery codes, the board's rule. */
export const twoFactorSettingsSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("enable"),
    secret: plainText({}, "Please start the set-up again").min(1, "Please start the set-up again").max(64),
    token: plainText({}, "Please start the set-up again").min(1, "Please start the set-up again").max(400),
    code: requiredText(TWO_FACTOR_CODE_LABEL).max(40),
  }),
  z.object({ intent: z.literal("disable"), password: z.string({ error: messages.required("Password") }).min(1, messages.required("Password")) }), // raw-string: a password
  z.object({ intent: z.literal("codes"), password: z.string({ error: messages.required("Password") }).min(1, messages.required("Password")) }), // raw-string: a password
  z.object({ intent: z.literal("policy"), requireStaff: checkboxField() }),
]);
export type TwoFactorSettingsInput = z.infer<typeof twoFactorSettingsSchema>;
