import { z } from "zod";
import { emailField, messages, requiredText, textOnlyField } from "@lib/validation";
import { withMatch } from "./password-pair";

export const accountNameSchema = z.object({ fullName: textOnlyField("Full Name") });

export const changeEmailSchema = withMatch(
  z.object({
    email: emailField("New Email"),
    confirmEmail: requiredText("Confirm Email"),
  }),
  "email",
  "confirmEmail",
  messages.emailMatch,
  (v) => v.trim().toLowerCase(),
);
