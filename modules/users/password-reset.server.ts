import { createElement } from "react";
import { mailTranslator } from "../../emails/translator.server";
import { sendEmail } from "../../emails/jobs.server";
import { renderEmail } from "../../emails/render.server";
import { ResetPassword, resetPasswordSubject } from "../../emails/templates/reset-password";
import { languageOr, type Language } from "@lib/i18n/languages";
import { createToken, fingerprintOf, readToken } from "@lib/signed-token.server";
import { DomainError } from "@lib/errors";
import { storePassword } from "./credentials.server";
import { User } from "./models/user.server";
import { INVALID_TOKEN, INVALID_USER_ID } from "./schemas/password";
import { findUserByEmail } from "./service.server";

const RESET_PURPOSE = "reset-password";
const RESET_TTL_SECONDS = 60 * 60;
export const EXPIRED_RESET_LINK = "This link has expired. Please ask for a new one.";

/**
 * E-mails /create-new-password?token=…&verify=<id>. The token carries a fingerprint of the
 * current password hash: once the password changes, every earlier link is dead (single use).
 * Unknown or disabled addresses get nothing, and the caller answers the same either way.
 */
export async function requestPasswordReset(email: string, origin: string, requestLng?: Language): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user || user.status !== "Active") return;
  const token = createToken({ purpose: RESET_PURPOSE, subject: String(user.id), fingerprint: fingerprintOf(user.passwordHash) }, RESET_TTL_SECONDS);
  const link = `${origin}/create-new-password?token=${encodeURIComponent(token)}&verify=${user.id}`;
  const tr = await mailTranslator(languageOr(user.language, requestLng));
  const { html, text } = renderEmail(createElement(ResetPassword, { fullName: user.fullName, link }), tr);
  await sendEmail({ to: user.email, subject: resetPasswordSubject(tr), html, text });
}

/**
 * The account a reset link is for, or a DomainError (400) with the spec's two texts (spec 2 §5),
 * or a plainer one for a link that merely ran out.
 */
export async function checkResetLink(token: string | null | undefined, userId: string | null | undefined): Promise<User> {
  if (!token) throw new DomainError(INVALID_TOKEN);
  if (!userId || !/^[1-9]\d{0,9}$/.test(userId)) throw new DomainError(INVALID_USER_ID);
  const check = readToken(token, RESET_PURPOSE);
  if (!check.ok) throw new DomainError(check.reason === "expired" ? EXPIRED_RESET_LINK : INVALID_TOKEN);
  if (check.claims.subject !== userId) throw new DomainError(INVALID_USER_ID);
  const user = await User.findByPk(Number(userId));
  if (!user) throw new DomainError(INVALID_USER_ID);
  if (user.status !== "Active" || fingerprintOf(user.passwordHash) !== check.claims.fingerprint) throw new DomainError(INVALID_TOKEN);
  return user;
}

/**
 * Sets the new password from a valid link and ends the account's sessions. Following the link
 * proves the mailbox, so an account still unverified becomes verified too.
 */
export async function resetPassword(token: string, userId: string, password: string): Promise<void> {
  await storePassword(await checkResetLink(token, userId), password, { emailVerified: true });
}
