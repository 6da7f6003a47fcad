import { z } from "zod";
import { checkboxField, emailField } from "../../../app/utils/validation";

export const loginSchema = z.object({
  email: emailField("Email"),
  password: z.string({ error: "Password field is required" }).min(1, "Password field is required"),
  remember: checkboxField(),
  redirectTo: z.string().optional(),
});

export const resendSchema = z.object({ email: emailField("Email") });
