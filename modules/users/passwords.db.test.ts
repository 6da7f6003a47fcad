// Issue 13, item 10: scrypt's cost is raised (stored hashes carry their parameters and are
// upgraded at the next sign-in) and the 10,000 most common passwords are refused.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRoleUser, makeUser, uniqueEmail } from "../../tests/factories/users";
import { config } from "@lib/config.server";
import { DomainError } from "@lib/errors";
import { User } from "./models/user.server";
import { hashPassword, needsRehash, verifyPassword } from "./password.server";
import { verifyLogin } from "./service.server";
import { COMMON_PASSWORD_COUNT, COMMON_PASSWORD_MESSAGE, commonPasswords, isCommonPassword } from "./common-passwords.server";
import { registerAccount } from "./registration.server";
import { changeOwnPassword } from "./account.server";
import { adminSetPassword, changePasswordByUsername } from "./admin.server";
import { resetPassword } from "./password-reset.server";
import { createToken, fingerprintOf } from "@lib/signed-token.server";

beforeAll(async () => {
  await prepareTestDatabase();
});

/** A hash in the stored format, made with the given scrypt cost (what an older release wrote). */
function hashWithCost(password: string, N: number): string {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password, salt, 64, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
  return `scrypt$${N}$8$1$${salt.toString("base64")}$${hash.toString("base64")}`;
}

const costOf = (stored: string) => Number(stored.split("$")[1]);

describe("scrypt cost", () => {
  it("defaults to N = 2^17 (OWASP), which tests lower with PASSWORD_SCRYPT_N", async () => {
    vi.stubEnv("PASSWORD_SCRYPT_N", "");
    vi.resetModules();
    const fresh = await import("@lib/config.server");
    vi.unstubAllEnvs();
    expect(fresh.config.passwordCost).toBe(2 ** 17);
    expect(config.passwordCost).toBe(1024);
    expect(costOf(await hashPassword("Kathmandu#Trek7"))).toBe(config.passwordCost);
  });

  it("marks a hash with lower parameters for re-hashing, never one at today's cost or higher", () => {
    expect(needsRehash(hashWithCost("x", config.passwordCost / 2))).toBe(true);
    expect(needsRehash(hashWithCost("x", config.passwordCost))).toBe(false);
    expect(needsRehash(hashWithCost("x", config.passwordCost * 2))).toBe(false);
    expect(needsRehash("bcrypt$whatever")).toBe(true);
  });

  it("an old-parameter hash is upgraded on the next successful sign-in, and sessions stay", async () => {
    const user = await makeUser();
    const old = hashWithCost(user.password, config.passwordCost / 4);
    await User.update({ passwordHash: old }, { where: { id: user.id } });
    const before = (await User.findByPk(user.id))!;

    // A wrong password changes nothing.
    await expect(verifyLogin(user.email, "Wrong#Pass1")).rejects.toMatchObject({ code: "invalid" });
    expect((await User.findByPk(user.id))!.passwordHash).toBe(old);

    const signedIn = await verifyLogin(user.email, user.password);
    const after = (await User.findByPk(user.id))!;
    expect(after.passwordHash).not.toBe(old);
    expect(costOf(after.passwordHash)).toBe(config.passwordCost);
    expect(await verifyPassword(user.password, after.passwordHash)).toBe(true);
    expect(after.sessionVersion).toBe(before.sessionVersion);
    expect(signedIn.sessionVersion).toBe(before.sessionVersion);

    // Already at today's cost: the next sign-in leaves the hash alone.
    await verifyLogin(user.email, user.password);
    expect((await User.findByPk(user.id))!.passwordHash).toBe(after.passwordHash);
  });
});

describe("common passwords", () => {
  it("ships the 10,000 most common passwords of zxcvbn's ranked list", async () => {
    const list = await commonPasswords();
    expect(COMMON_PASSWORD_COUNT).toBe(10_000);
    expect(list.size).toBeGreaterThan(9_900);
    for (const p of ["123456", "password", "qwerty", "p@ssw0rd", "sunshine1"]) expect(list.has(p)).toBe(true);
  });

  it("compares in lower case and without the symbols a rule made someone add", async () => {
    for (const p of ["P@ssw0rd", "Password1!", "Sunshine1!", "!Qwerty123"]) expect(await isCommonPassword(p)).toBe(true);
    for (const p of ["Trek@2026", "Valid#Pass1", "Kathmandu#Trek7", "Annapurna#Base4130"]) expect(await isCommonPassword(p)).toBe(false);
  });

  const refused = (error: unknown, field: string) => {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(400);
    expect((error as DomainError).fieldErrors).toEqual({ [field]: [COMMON_PASSWORD_MESSAGE] });
  };

  it("registration refuses one, for a new address and for a taken one alike", async () => {
    const fresh = uniqueEmail("common");
    const input = { userType: "1" as const, fullName: "Anna Keller", countryId: 276, email: fresh, password: "Password1!", confirmPassword: "Password1!" };
    refused(await registerAccount(input, "http://x").catch((e: unknown) => e), "password");
    expect(await User.count({ where: { email: fresh } })).toBe(0);
    const taken = await makeUser();
    refused(await registerAccount({ ...input, email: taken.email }, "http://x").catch((e: unknown) => e), "password");
  });

  it("changing one's password, the board's change and a reset refuse one and keep the old password", async () => {
    const user = await makeUser();
    const board = await makeRoleUser("ntb");
    const hash = (await User.findByPk(user.id))!.passwordHash;
    refused(await changeOwnPassword(user.id, user.password, "P@ssw0rd").catch((e: unknown) => e), "newPassword");
    refused(await adminSetPassword(board.id, user.id, "Qwerty123!").catch((e: unknown) => e), "password");
    refused(await changePasswordByUsername(board.id, user.email, "Sunshine1!").catch((e: unknown) => e), "password");
    const token = createToken({ purpose: "reset-password", subject: String(user.id), fingerprint: fingerprintOf(hash) }, 600);
    refused(await resetPassword(token, String(user.id), "Password1!").catch((e: unknown) => e), "password");
    expect((await User.findByPk(user.id))!.passwordHash).toBe(hash);
    // An uncommon one goes through.
    await changeOwnPassword(user.id, user.password, "Kathmandu#Trek7");
    expect(await verifyPassword("Kathmandu#Trek7", (await User.findByPk(user.id))!.passwordHash)).toBe(true);
  });
});
