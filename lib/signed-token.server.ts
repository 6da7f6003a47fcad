import crypto from "node:crypto";
import { appSecret } from "@lib/secret.server";

/**
 * Compact signed tokens for e-mailed links: purpose, subject, expiry and an optional
 * fingerprint (e.g. of the current password hash, so a reset link dies once used).
 */
export interface TokenClaims {
  purpose: string;
  subject: string;
  expiresAt: number;
  fingerprint?: string;
}

function sign(payload: string): string {
  return crypto.createHmac("sha256", appSecret()).update(payload).digest("base64url");
}

export function fingerprintOf(value: string): string {
  return crypto.createHash("sha256").update(value).digest("base64url").slice(0, 16);
}

export function createToken(claims: Omit<TokenClaims, "expiresAt">, ttlSeconds: number, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ p: claims.purpose, s: claims.subject, e: Math.floor(now / 1000) + ttlSeconds, f: claims.fingerprint })).toString(
    "base64url",
  );
  return `${body}.${sign(body)}`;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: "malformed" | "signature" | "expired" | "purpose" };

export function readToken(token: string, purpose: string, now = Date.now()): TokenCheck {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return { ok: false, reason: "malformed" };
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, reason: "signature" };
  let parsed: { p: string; s: string; e: number; f?: string };
  try {
    parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (parsed.p !== purpose) return { ok: false, reason: "purpose" };
  if (parsed.e * 1000 < now) return { ok: false, reason: "expired" };
  return { ok: true, claims: { purpose: parsed.p, subject: parsed.s, expiresAt: parsed.e, fingerprint: parsed.f } };
}
