import { createElement } from "react";
import { mailTranslator } from "../../emails/translator.server";
import { languageOr, type Language } from "@lib/i18n/languages";
import { UniqueConstraintError } from "sequelize";
import { sendEmail } from "../../emails/jobs.server";
import { renderEmail } from "../../emails/render.server";
import { ChangeEmail, changeEmailSubject } from "../../emails/templates/change-email";
import { createToken, fingerprintOf, readToken } from "@lib/signed-token.server";
import { loadUser } from "./credentials.server";
import { User } from "./models/user.server";
import { DuplicateEmailError, findUserByEmail } from "./service.server";
import { DomainError } from "@lib/errors";

const CHANGE_PURPOSE = "change-email";
const CHANGE_TTL_SECONDS = 24 * 60 * 60;

/** The new address is the current one: a field error under Email (400). */
export class SameEmailError extends DomainError {
  constructor() {
    super("This is already your email address.", { status: 400, fieldErrors: { email: ["This is already your email address."] } });
  }
}

// Bound to both addresses: the link dies once the address changes (single use), and a link
// for one new address cannot be replayed with another.
const fingerprint = (newEmail: string, currentEmail: string) => fingerprintOf(`${newEmail}\n${currentEmail}`);

/**
 * Spec 1 §2.8: the change takes effect only when the link sent to the new address is followed
 * (/verify-changed-email?token&verify&change). Until then the account keeps its address.
 */
export async function requestEmailChange(userId: number, newEmail: string, origin: string, requestLng?: Language): Promise<void> {
  const user = await loadUser(userId);
  const email = newEmail.trim().toLowerCase();
  if (email === user.email) throw new SameEmailError();
  if (await findUserByEmail(email)) throw new DuplicateEmailError();
  const token = createToken({ purpose: CHANGE_PURPOSE, subject: String(user.id), fingerprint: fingerprint(email, user.email) }, CHANGE_TTL_SECONDS);
  const link = `${origin}/verify-changed-email?token=${encodeURIComponent(token)}&verify=${user.id}&change=${encodeURIComponent(email)}`;
  const tr = await mailTranslator(languageOr(user.language, requestLng));
  const { html, text } = renderEmail(createElement(ChangeEmail, { fullName: user.fullName, link, newEmail: email }), tr);
  await sendEmail({ to: email, subject: changeEmailSubject(tr), html, text });
}

export type EmailChangeResult = "changed" | "invalid" | "expired" | "taken";

/** Applies a confirmed change; the new address counts as verified and old sessions end. */
export async function confirmEmailChange(token: string, userId: string, newEmail: string): Promise<EmailChangeResult> {
  const check = readToken(token, CHANGE_PURPOSE);
  if (!check.ok) return check.reason === "expired" ? "expired" : "invalid";
  if (check.claims.subject !== userId || !/^[1-9]\d{0,9}$/.test(userId)) return "invalid";
  const user = await User.findByPk(Number(userId));
  const email = newEmail.trim().toLowerCase();
  if (!user || user.status !== "Active" || check.claims.fingerprint !== fingerprint(email, user.email)) return "invalid";
  if (await findUserByEmail(email)) return "taken";
  try {
    await user.update({ email, emailVerified: true, sessionVersion: user.sessionVersion + 1 });
  } catch (error) {
    if (error instanceof UniqueConstraintError) return "taken";
    throw error;
  }
  return "changed";
}
