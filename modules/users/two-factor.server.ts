import crypto from "node:crypto";
import { Op } from "sequelize";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { conflictError, DomainError, fieldError } from "@lib/errors";
import { appSecret } from "@lib/secret.server";
import { createToken, fingerprintOf, readToken } from "@lib/signed-token.server";
import { writeTransaction } from "../../db/sequelize.server";
import { insertRows } from "../../db/insert-rows.server";
import { User } from "./models/user.server";
import { RecoveryCode, SecuritySetting, UserTwoFactor } from "./models/two-factor.server";
import { verifyPassword } from "./password.server";
import type { AuthUser } from "./service.server";
import { findAuthUser, readSignedInUser } from "./signed-in.server";
import { canUseTwoFactor } from "./two-factor";

const ISSUER = "TIMS Nepal";
const PERIOD = 30;
const DIGITS = 6;
/** One step either side: a phone clock up to 30 s off still works. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes in a row before the second step waits; the attacker already has the password. */
export const TWO_FACTOR_MAX_FAILURES = 5;
export const TWO_FACTOR_LOCK_SECONDS = 15 * 60;
/** How long the password step is good for while the code is asked. */
export const PENDING_SIGN_IN_SECONDS = 5 * 60;

export const TWO_FACTOR_MESSAGES = {
  wrongCode: "That code is not right. Enter the current 6-digit code from your app, or an unused recovery code.",
  locked: "Too many wrong codes. Please wait 15 minutes, then sign in again.",
  expired: "Your sign-in has expired. Please enter your e-mail and password again.",
  setupExpired: "This set-up has expired. Please scan the new QR code and try again.",
  alreadyOn: "Two-factor sign-in is already on for this account.",
  notOn: "Two-factor sign-in is not on for this account.",
  required: "The board requires two-factor sign-in for staff accounts, so it cannot be turned off.",
  notStaff: "Two-factor sign-in is for board and TAAN accounts.",
  wrongPassword: "Password is incorrect",
} as const;

// ---- the secret at rest: AES-256-GCM under a key derived from the app secret ----------------

function secretKey(): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", appSecret(), "tims", "totp-secret-v1", 32));
}

function seal(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", secretKey(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

function unseal(sealed: string): string {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !body || !tag) throw new Error("Unreadable two-factor secret");
  const decipher = crypto.createDecipheriv("aes-256-gcm", secretKey(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

function totpOf(secret: string, label = "TIMS"): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });
}

const currentStep = (now = Date.now()) => Math.floor(now / 1000 / PERIOD);

/** The time step a code belongs to, or null when it is not a current code of `secret`. */
function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : currentStep(now) + delta;
}

// ---- recovery codes: 10 random codes of 10 characters (50 bits), stored salted and hashed -----

const CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % 32]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/** What the user typed, as stored: lower case, no spaces or dashes, look-alikes folded. */
function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, "").replace(/[il]/g, "1").replace(/o/g, "0");
}

function hashRecoveryCode(code: string, salt = crypto.randomBytes(8).toString("base64url")): string {
  return `${salt}$${crypto
    .createHash("sha256")
    .update(`${salt}:${normaliseRecoveryCode(code)}`)
    .digest("base64url")}`;
}

function recoveryCodeMatches(input: string, stored: string): boolean {
  const [salt] = stored.split("$");
  const a = Buffer.from(hashRecoveryCode(input, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

async function replaceRecoveryCodes(userId: number, transaction: import("sequelize").Transaction): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await RecoveryCode.destroy({ where: { userId }, transaction });
  await insertRows(
    RecoveryCode,
    codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })),
    { transaction },
  );
  return codes;
}

// ---- status and the board's rule ---------------------------------------------------------

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
  /** The board requires it of this account (staff, rule on). */
  required: boolean;
}

export async function staffTwoFactorRequired(): Promise<boolean> {
  const row = await SecuritySetting.findByPk(1);
  return Boolean(row?.requireStaffTwoFactor);
}

export async function setStaffTwoFactorRequired(actorId: number, required: boolean): Promise<void> {
  await writeTransaction(async (transaction) => {
    const row = await SecuritySetting.findByPk(1, { transaction });
    if (row) await row.update({ requireStaffTwoFactor: required, updatedBy: actorId }, { transaction });
    else await SecuritySetting.create({ id: 1, requireStaffTwoFactor: required, updatedBy: actorId }, { transaction });
  });
}

export async function hasTwoFactor(userId: number): Promise<boolean> {
  return (await UserTwoFactor.count({ where: { userId } })) > 0;
}

export async function twoFactorStatus(user: { id: number; userType: number }): Promise<TwoFactorStatus> {
  const row = await UserTwoFactor.findByPk(user.id);
  const recoveryCodesLeft = row ? await RecoveryCode.count({ where: { userId: user.id, usedAt: { [Op.is]: null } } }) : 0;
  const required = canUseTwoFactor(user) && (await staffTwoFactorRequired());
  return { enabled: Boolean(row), enabledAt: row?.enabledAt ?? null, recoveryCodesLeft, required };
}

/** Staff the board requires to use two-factor sign-in who have not set it up yet. */
export async function mustSetUpTwoFactor(user: { id: number; userType: number }): Promise<boolean> {
  if (!canUseTwoFactor(user)) return false;
  return (await readSignedInUser(user.id))?.twoFactorDue ?? false;
}

// ---- enrolment: a new secret shown as a QR code, confirmed with its first code -------------

export interface TwoFactorEnrolment {
  /** Base32, shown for typing into an app by hand and posted back with the first code. */
  secret: string;
  /** Signed: the server made this secret for this user, recently. */
  token: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

const ENROL_PURPOSE = "totp-enrol";

function enrolmentValid(userId: number, keep: { secret: string; token: string }): boolean {
  const check = readToken(keep.token, ENROL_PURPOSE);
  return check.ok && check.claims.subject === String(userId) && check.claims.fingerprint === fingerprintOf(keep.secret);
}

/**
 * A new secret to scan, or, with `keep`, the one this user was shown (a wrong first code must not
 * change the QR code the app already holds).
 */
export async function beginTwoFactorEnrolment(
  user: { id: number; email: string; userType: number },
  keep?: { secret: string; token: string },
): Promise<TwoFactorEnrolment> {
  if (!canUseTwoFactor(user)) throw new DomainError(TWO_FACTOR_MESSAGES.notStaff, { status: 403 });
  const kept = keep && enrolmentValid(user.id, keep) ? keep : null;
  const secret = kept?.secret ?? new Secret({ size: 20 }).base32;
  const otpauthUrl = totpOf(secret, user.email).toString();
  return {
    secret,
    token: kept?.token ?? createToken({ purpose: ENROL_PURPOSE, subject: String(user.id), fingerprint: fingerprintOf(secret) }, 30 * 60),
    otpauthUrl,
    qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220, errorCorrectionLevel: "M" }),
  };
}

/** Turns two-factor sign-in on once the app shows a right code; returns the recovery codes (shown once). */
export async function confirmTwoFactorEnrolment(
  user: { id: number; userType: number },
  input: { secret: string; token: string; code: string },
): Promise<string[]> {
  if (!canUseTwoFactor(user)) throw new DomainError(TWO_FACTOR_MESSAGES.notStaff, { status: 403 });
  if (!enrolmentValid(user.id, input)) throw new DomainError(TWO_FACTOR_MESSAGES.setupExpired);
  const step = matchingStep(input.secret, input.code.replace(/\s/g, ""));
  if (step === null) throw fieldError("code", TWO_FACTOR_MESSAGES.wrongCode);
  return writeTransaction(async (transaction) => {
    if (await UserTwoFactor.findByPk(user.id, { transaction })) throw conflictError(TWO_FACTOR_MESSAGES.alreadyOn);
    await UserTwoFactor.create({ userId: user.id, secret: seal(input.secret), enabledAt: new Date(), lastStep: step }, { transaction });
    return replaceRecoveryCodes(user.id, transaction);
  });
}

async function checkPassword(userId: number, password: string): Promise<void> {
  const row = await User.findByPk(userId);
  if (!row || !(await verifyPassword(password, row.passwordHash))) throw fieldError("password", TWO_FACTOR_MESSAGES.wrongPassword);
}

/** Turns it off (the password again); refused while the board requires it of this account. */
export async function disableTwoFactor(user: { id: number; userType: number }, password: string): Promise<void> {
  await checkPassword(user.id, password);
  if (canUseTwoFactor(user) && (await staffTwoFactorRequired())) throw conflictError(TWO_FACTOR_MESSAGES.required);
  await writeTransaction(async (transaction) => {
    await RecoveryCode.destroy({ where: { userId: user.id }, transaction });
    await UserTwoFactor.destroy({ where: { userId: user.id }, transaction });
  });
}

/** Ten new recovery codes replace the old ones (used or not). */
export async function renewRecoveryCodes(user: { id: number }, password: string): Promise<string[]> {
  await checkPassword(user.id, password);
  return writeTransaction(async (transaction) => {
    if (!(await UserTwoFactor.findByPk(user.id, { transaction }))) throw conflictError(TWO_FACTOR_MESSAGES.notOn);
    return replaceRecoveryCodes(user.id, transaction);
  });
}

// ---- the second step of signing in -----------------------------------------------------------

export type SecondFactor = "app" | "recovery";

/**
 * Checks a 6-digit code (each time step is accepted once) or an unused recovery code (used up by
 * this). Wrong codes are counted; after TWO_FACTOR_MAX_FAILURES in a row the step refuses for
 * TWO_FACTOR_LOCK_SECONDS, whatever is typed (429).
 */
export async function verifySecondFactor(userId: number, input: string, now = new Date()): Promise<SecondFactor> {
  const row = await UserTwoFactor.findByPk(userId);
  if (!row) throw new DomainError(TWO_FACTOR_MESSAGES.notOn);
  const recent = row.lastFailedAt !== null && now.getTime() - row.lastFailedAt.getTime() < TWO_FACTOR_LOCK_SECONDS * 1000;
  if (recent && row.failedAttempts >= TWO_FACTOR_MAX_FAILURES) throw new DomainError(TWO_FACTOR_MESSAGES.locked, { status: 429 });

  const typed = input.replace(/\s/g, "");
  if (/^\d{6}$/.test(typed)) {
    const step = matchingStep(unseal(row.secret), typed, now.getTime());
    if (step !== null) {
      // Conditional: two requests with one code cannot both pass, nor can an older code after a newer one.
      const [claimed] = await UserTwoFactor.update(
        { lastStep: step, failedAttempts: 0, lastFailedAt: null },
        { where: { userId, [Op.or]: [{ lastStep: { [Op.is]: null } }, { lastStep: { [Op.lt]: step } }] } },
      );
      if (claimed === 1) return "app";
    }
  } else if (normaliseRecoveryCode(typed).length === 10) {
    const unused = await RecoveryCode.findAll({ where: { userId, usedAt: { [Op.is]: null } } });
    const match = unused.find((c) => recoveryCodeMatches(typed, c.codeHash));
    if (match) {
      const used = await writeTransaction(async (transaction) => {
        const [claimed] = await RecoveryCode.update({ usedAt: now }, { where: { id: match.id, usedAt: { [Op.is]: null } }, transaction });
        if (claimed === 1) await UserTwoFactor.update({ failedAttempts: 0, lastFailedAt: null }, { where: { userId }, transaction });
        return claimed === 1;
      });
      if (used) return "recovery";
    }
  }
  if (recent) await UserTwoFactor.increment("failedAttempts", { where: { userId } });
  await UserTwoFactor.update(recent ? { lastFailedAt: now } : { failedAttempts: 1, lastFailedAt: now }, { where: { userId } });
  throw new DomainError(TWO_FACTOR_MESSAGES.wrongCode, { fieldErrors: { code: [TWO_FACTOR_MESSAGES.wrongCode] } });
}

const SIGN_IN_PURPOSE = "two-factor-sign-in";

/** The password step is no longer good (too old, password changed, account disabled): sign in again. */
export class PendingSignInExpiredError extends DomainError {
  constructor() {
    super(TWO_FACTOR_MESSAGES.expired);
  }
}

/**
 * After a right password: for an account with two-factor sign-in, a short-lived signed token that
 * stands for "password checked" (kept in a cookie until the code is given); null for the others.
 * It names the session version and a fingerprint of the password hash, so a password change or
 * a disabled account in between voids it.
 */
export async function beginTwoFactorSignIn(user: AuthUser, remember: boolean): Promise<string | null> {
  if (!(await hasTwoFactor(user.id))) return null;
  const row = await User.findByPk(user.id);
  if (!row) return null;
  return createToken(
    { purpose: SIGN_IN_PURPOSE, subject: `${user.id}.${row.sessionVersion}.${remember ? 1 : 0}`, fingerprint: fingerprintOf(row.passwordHash) },
    PENDING_SIGN_IN_SECONDS,
  );
}

/** The user a pending sign-in token stands for, while it is still good; null otherwise. */
export async function pendingSignIn(token: string | null | undefined): Promise<{ user: AuthUser; remember: boolean } | null> {
  if (!token) return null;
  const check = readToken(token, SIGN_IN_PURPOSE);
  if (!check.ok) return null;
  const [id, version, remember] = check.claims.subject.split(".").map(Number);
  const row = await User.findByPk(id);
  if (!row || row.sessionVersion !== version || fingerprintOf(row.passwordHash) !== check.claims.fingerprint) return null;
  const user = await findAuthUser(id);
  if (!user || user.status !== "Active" || !user.emailVerified) return null;
  return { user, remember: remember === 1 };
}

/** The second step: the user to start a session for, or a DomainError (field `code`; 429 when locked). */
export async function completeTwoFactorSignIn(
  token: string | null | undefined,
  code: string,
): Promise<{ user: AuthUser; remember: boolean; factor: SecondFactor }> {
  const pending = await pendingSignIn(token);
  if (!pending) throw new PendingSignInExpiredError();
  const factor = await verifySecondFactor(pending.user.id, code);
  return { ...pending, factor };
}
