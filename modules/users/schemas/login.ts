import { z } from "zod";
import { checkboxField, emailField } from "@lib/validation";

export const loginSchema = z.object({
  email: emailField("Email"),
  password: z.string({ error: "Password field is required" }).min(1, "Password field is required"), // raw-string: hashed, never stored or shown
  remember: checkboxField(),
  redirectTo: z.string().optional(), // raw-string: never stored; safeRedirect refuses control characters
});

export const resendSchema = z.object({ email: emailField("Email") });
