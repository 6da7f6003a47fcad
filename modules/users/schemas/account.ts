import { z } from "zod";
import { emailField, messages, textOnlyField } from "../../../app/utils/validation";
import { withMatch } from "./password-pair";

export const accountNameSchema = z.object({ fullName: textOnlyField("Full Name") });

export const changeEmailSchema = withMatch(
  z.object({
    email: emailField("New Email"),
    confirmEmail: z
      .string({ error: messages.required("Confirm Email") })
      .trim()
      .min(1, messages.required("Confirm Email")),
  }),
  "email",
  "confirmEmail",
  messages.emailMatch,
  (v) => v.trim().toLowerCase(),
);
