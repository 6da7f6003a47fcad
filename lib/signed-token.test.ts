import { describe, it, expect } from "vitest";
import { createToken, fingerprintOf, readToken } from "@lib/signed-token.server";

const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
const HOUR = 3600;

function flipChar(s: string, index: number): string {
  const c = s[index];
  return s.slice(0, index) + (c === "A" ? "B" : "A") + s.slice(index + 1);
}

describe("signed tokens", () => {
  it("round-trips the claims", () => {
    const token = createToken({ purpose: "verify-email", subject: "42", fingerprint: "abc" }, HOUR, NOW);
    const check = readToken(token, "verify-email", NOW);
    expect(check).toEqual({
      ok: true,
      claims: { purpose: "verify-email", subject: "42", expiresAt: Math.floor(NOW / 1000) + HOUR, fingerprint: "abc" },
    });
  });

  it("works without a fingerprint", () => {
    const check = readToken(createToken({ purpose: "p", subject: "s" }, 60, NOW), "p", NOW);
    expect(check.ok && check.claims.fingerprint).toBeUndefined();
    expect(check.ok && check.claims.subject).toBe("s");
  });

  it("is URL safe", () => {
    const token = createToken({ purpose: "reset-password", subject: "user-with/odd+chars?", fingerprint: "f" }, HOUR, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it("refuses a tampered body", () => {
    const token = createToken({ purpose: "verify-email", subject: "42" }, HOUR, NOW);
    const [body, sig] = token.split(".");
    // Re-encode a body claiming another subject, keeping the old signature.
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), s: "1" })).toString("base64url");
    expect(readToken(`${forged}.${sig}`, "verify-email", NOW)).toEqual({ ok: false, reason: "signature" });
    expect(readToken(`${flipChar(body, 3)}.${sig}`, "verify-email", NOW)).toEqual({ ok: false, reason: "signature" });
  });

  it("refuses a tampered signature", () => {
    const token = createToken({ purpose: "verify-email", subject: "42" }, HOUR, NOW);
    const [body, sig] = token.split(".");
    expect(readToken(`${body}.${flipChar(sig, 0)}`, "verify-email", NOW)).toEqual({ ok: false, reason: "signature" });
    expect(readToken(`${body}.${sig.slice(0, -1)}`, "verify-email", NOW)).toEqual({ ok: false, reason: "signature" });
    expect(readToken(`${body}.${sig}x`, "verify-email", NOW)).toEqual({ ok: false, reason: "signature" });
  });

  it("refuses malformed tokens", () => {
    for (const bad of ["", "abc", "abc.", ".abc", "a.b.c"]) {
      expect(readToken(bad, "verify-email", NOW), bad).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("refuses a token made for another purpose", () => {
    const token = createToken({ purpose: "reset-password", subject: "42" }, HOUR, NOW);
    expect(readToken(token, "verify-email", NOW)).toEqual({ ok: false, reason: "purpose" });
  });

  it("expires after its lifetime", () => {
    const token = createToken({ purpose: "verify-email", subject: "42" }, HOUR, NOW);
    expect(readToken(token, "verify-email", NOW + HOUR * 1000 - 1).ok).toBe(true);
    expect(readToken(token, "verify-email", NOW + HOUR * 1000).ok).toBe(true);
    expect(readToken(token, "verify-email", NOW + HOUR * 1000 + 1)).toEqual({ ok: false, reason: "expired" });
    expect(readToken(token, "verify-email", NOW + 2 * HOUR * 1000)).toEqual({ ok: false, reason: "expired" });
  });

  it("uses the real clock by default", () => {
    const fresh = createToken({ purpose: "p", subject: "s" }, 60);
    expect(readToken(fresh, "p").ok).toBe(true);
    const old = createToken({ purpose: "p", subject: "s" }, 60, Date.now() - 120_000);
    expect(readToken(old, "p")).toEqual({ ok: false, reason: "expired" });
  });
});

describe("fingerprintOf", () => {
  it("is stable, short and distinguishes values", () => {
    expect(fingerprintOf("a@b.com")).toBe(fingerprintOf("a@b.com"));
    expect(fingerprintOf("a@b.com")).not.toBe(fingerprintOf("c@b.com"));
    expect(fingerprintOf("a@b.com")).toHaveLength(16);
    expect(fingerprintOf("a@b.com")).not.toContain("a@b");
  });
});
