import { z } from "zod";
import { emailField, messages, passwordField, plainText } from "@lib/validation";
import { confirmField, withPasswordMatch } from "./password-pair";

export const INVALID_TOKEN = "Invalid token! please refresh and try again";
export const INVALID_USER_ID = "Invalid User Id! please refresh and try again";

export const forgotPasswordSchema = z.object({ email: emailField("Email") });

/** The token and user id come from the e-mailed link as hidden fields (spec 2 §5). */
export const resetPasswordSchema = withPasswordMatch(
  z.object({
    token: plainText({}, INVALID_TOKEN).min(1, INVALID_TOKEN),
    verify: plainText({}, INVALID_USER_ID).regex(/^[1-9]\d{0,9}$/, INVALID_USER_ID),
    password: passwordField("New Password"),
    confirmPassword: confirmField("Confirm Password"),
  }),
);

export const changeOwnPasswordSchema = withPasswordMatch(
  z.object({
    currentPassword: z.string({ error: messages.required("Current Password") }).min(1, messages.required("Current Password")), // raw-string: a password
    newPassword: passwordField("New Password"),
    confirmPassword: confirmField("Confirm Password"),
  }),
  "newPassword",
);

/** The board sets another user's password (account view) without knowing the old one. */
export const setPasswordSchema = withPasswordMatch(
  z.object({
    password: passwordField("New Password"),
    confirmPassword: confirmField("Confirm Password"),
  }),
);

/** /change-user-password: the account is named by its username, which is its e-mail. */
export const changeUserPasswordSchema = withPasswordMatch(
  z.object({
    username: emailField("Username"),
    password: passwordField("New Password"),
    confirmPassword: confirmField("Confirm Password"),
  }),
);
