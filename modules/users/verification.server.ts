import { createElement } from "react";
import { mailTranslator } from "../../emails/translator.server";
import { sendEmail } from "../../emails/jobs.server";
import { renderEmail } from "../../emails/render.server";
import { VerifyEmail, verifyEmailSubject } from "../../emails/templates/verify-email";
import { languageOr, type Language } from "@lib/i18n/languages";
import { createToken, fingerprintOf, readToken } from "@lib/signed-token.server";
import { User } from "./models/user.server";
import { markEmailVerified } from "./service.server";

const VERIFY_PURPOSE = "verify-email";
const VERIFY_TTL_SECONDS = 24 * 60 * 60;

/**
 * E-mails a signed, expiring link to /verify-email?token=…&verify=<user id>. The token is bound
 * to the address, so a link sent before an address change no longer verifies the new one.
 */
export async function sendVerificationEmail(user: Pick<User, "id" | "email" | "fullName" | "language">, origin: string, requestLng?: Language): Promise<void> {
  // The account's language, else the page's it was asked from (a new account has none stored yet).
  const tr = await mailTranslator(languageOr(user.language, requestLng));
  const token = createToken({ purpose: VERIFY_PURPOSE, subject: String(user.id), fingerprint: fingerprintOf(user.email) }, VERIFY_TTL_SECONDS);
  const link = `${origin}/verify-email?token=${encodeURIComponent(token)}&verify=${user.id}`;
  const { html, text } = renderEmail(createElement(VerifyEmail, { fullName: user.fullName, link }), tr);
  await sendEmail({ to: user.email, subject: verifyEmailSubject(tr), html, text });
}

/** Sends a fresh link to an unverified account; silently does nothing for any other address. */
export async function resendVerification(email: string, origin: string, requestLng?: Language): Promise<void> {
  const user = await User.findOne({ where: { email: email.trim().toLowerCase() } });
  if (user && !user.emailVerified && user.status === "Active") await sendVerificationEmail(user, origin, requestLng);
}

export type VerifyResult = "verified" | "invalid" | "expired";

export async function confirmEmail(token: string, userId: string): Promise<VerifyResult> {
  const check = readToken(token, VERIFY_PURPOSE);
  if (!check.ok) return check.reason === "expired" ? "expired" : "invalid";
  if (check.claims.subject !== userId) return "invalid";
  const user = await User.findByPk(Number(userId));
  if (!user || fingerprintOf(user.email) !== check.claims.fingerprint) return "invalid";
  if (!user.emailVerified) await markEmailVerified(user.id);
  return "verified";
}
