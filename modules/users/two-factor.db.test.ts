// Issue 13, item 10: TOTP two-factor sign-in for board and TAAN accounts, its recovery codes,
// and the board's rule that staff must use it.
import { beforeAll, describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRoleUser, type TestUser } from "../../tests/factories/users";
import { DomainError } from "@lib/errors";
import { RecoveryCode, UserTwoFactor } from "./models/two-factor.server";
import { storePassword, loadUser } from "./credentials.server";
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MAX_FAILURES,
  TWO_FACTOR_MESSAGES,
  beginTwoFactorEnrolment,
  beginTwoFactorSignIn,
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  mustSetUpTwoFactor,
  pendingSignIn,
  renewRecoveryCodes,
  setStaffTwoFactorRequired,
  twoFactorStatus,
  verifySecondFactor,
} from "./two-factor.server";
import { findAuthUser } from "./signed-in.server";

beforeAll(async () => {
  await prepareTestDatabase();
});

const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

/** A code of the same moment that is not the right one. */
const wrongCode = (secret: string) => String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, "0");

async function enrolled(role: "ntb" | "taan" = "ntb"): Promise<{ user: TestUser; secret: string; codes: string[] }> {
  const user = await makeRoleUser(role);
  const enrolment = await beginTwoFactorEnrolment({ ...user, email: user.email });
  const codes = await confirmTwoFactorEnrolment(user, { secret: enrolment.secret, token: enrolment.token, code: codeAt(enrolment.secret) });
  return { user, secret: enrolment.secret, codes };
}

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("enrolment", () => {
  it("turns on with the app's first code and shows ten recovery codes once; they are stored hashed", async () => {
    const user = await makeRoleUser("taan");
    const enrolment = await beginTwoFactorEnrolment({ ...user, email: user.email });
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/TIMS%20Nepal:.*issuer=TIMS%20Nepal&secret=[A-Z2-7]+/);
    expect(enrolment.qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = await refusal(confirmTwoFactorEnrolment(user, { secret: enrolment.secret, token: enrolment.token, code: wrongCode(enrolment.secret) }));
    expect(wrong.fieldErrors).toEqual({ code: [TWO_FACTOR_MESSAGES.wrongCode] });
    // A secret the server did not hand out (or a token for someone else) is refused.
    const other = await beginTwoFactorEnrolment({ ...user, email: user.email });
    expect((await refusal(confirmTwoFactorEnrolment(user, { secret: other.secret, token: enrolment.token, code: codeAt(other.secret) }))).message).toBe(
      TWO_FACTOR_MESSAGES.setupExpired,
    );
    expect((await twoFactorStatus(user)).enabled).toBe(false);

    const codes = await confirmTwoFactorEnrolment(user, { secret: enrolment.secret, token: enrolment.token, code: codeAt(enrolment.secret) });
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect(await twoFactorStatus(user)).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });

    const stored = await RecoveryCode.findAll({ where: { userId: user.id } });
    const bare = codes.map((c) => c.replace("-", ""));
    expect(stored.every((row) => !bare.some((c) => row.codeHash.includes(c)))).toBe(true);
    expect((await UserTwoFactor.findByPk(user.id))!.secret).not.toContain(enrolment.secret);
    // Once on, a second enrolment is refused.
    expect(
      (await refusal(confirmTwoFactorEnrolment(user, { secret: enrolment.secret, token: enrolment.token, code: codeAt(enrolment.secret, 30) }))).status,
    ).toBe(409);
  });

  it("is for board and TAAN accounts only", async () => {
    for (const role of ["agency", "fit", "checkpost"] as const) {
      const user = await makeRoleUser(role);
      expect((await refusal(beginTwoFactorEnrolment({ ...user, email: user.email }))).status).toBe(403);
    }
  });
});

describe("the second step", () => {
  it("accepts a current code once, refuses a wrong or replayed one", async () => {
    const { user, secret } = await enrolled();
    // The code that turned it on was used up then.
    expect((await refusal(verifySecondFactor(user.id, codeAt(secret)))).fieldErrors).toEqual({ code: [TWO_FACTOR_MESSAGES.wrongCode] });
    expect(await verifySecondFactor(user.id, codeAt(secret, 30))).toBe("app");
    expect((await refusal(verifySecondFactor(user.id, codeAt(secret, 30)))).status).toBe(400);
    expect((await refusal(verifySecondFactor(user.id, wrongCode(secret)))).status).toBe(400);
    expect((await refusal(verifySecondFactor(user.id, "12345"))).status).toBe(400);
  });

  it("accepts each recovery code once, typed in any case, with or without the dash", async () => {
    const { user, codes } = await enrolled("taan");
    expect(await verifySecondFactor(user.id, codes[0])).toBe("recovery");
    expect((await refusal(verifySecondFactor(user.id, codes[0]))).status).toBe(400);
    expect(await verifySecondFactor(user.id, ` ${codes[1].replace("-", "").toUpperCase()} `)).toBe("recovery");
    expect((await twoFactorStatus(user)).recoveryCodesLeft).toBe(8);
    // New codes replace all the old ones.
    const renewed = await renewRecoveryCodes(user, user.password);
    expect((await refusal(verifySecondFactor(user.id, codes[2]))).status).toBe(400);
    expect(await verifySecondFactor(user.id, renewed[0])).toBe("recovery");
    expect((await refusal(renewRecoveryCodes(user, "Wrong#Pass1"))).fieldErrors).toEqual({ password: [TWO_FACTOR_MESSAGES.wrongPassword] });
  });

  it("waits after five wrong codes in a row, whatever is typed, then accepts again", async () => {
    const { user, secret, codes } = await enrolled();
    for (let i = 0; i < TWO_FACTOR_MAX_FAILURES; i++) expect((await refusal(verifySecondFactor(user.id, wrongCode(secret)))).status).toBe(400);
    expect((await refusal(verifySecondFactor(user.id, codeAt(secret, 30)))).status).toBe(429);
    expect((await refusal(verifySecondFactor(user.id, codes[0]))).message).toBe(TWO_FACTOR_MESSAGES.locked);
    const later = new Date(Date.now() + 16 * 60 * 1000);
    expect(await verifySecondFactor(user.id, codes[0], later)).toBe("recovery");
    expect((await UserTwoFactor.findByPk(user.id))!.failedAttempts).toBe(0);
  });

  it("a pending sign-in names its user until the password changes", async () => {
    const { user } = await enrolled();
    const plain = await makeRoleUser("ntb");
    expect(await beginTwoFactorSignIn((await findAuthUser(plain.id))!, false)).toBeNull();
    const token = (await beginTwoFactorSignIn((await findAuthUser(user.id))!, true))!;
    expect(await pendingSignIn(token)).toMatchObject({ user: { id: user.id }, remember: true });
    expect(await pendingSignIn(`${token}x`)).toBeNull();
    await storePassword(await loadUser(user.id), "Kathmandu#Trek7");
    expect(await pendingSignIn(token)).toBeNull();
  });
});

describe("the board's rule", () => {
  it("sends board and TAAN staff without two-factor sign-in to set it up, and keeps it on for those who have it", async () => {
    const board = await makeRoleUser("ntb");
    const taan = await makeRoleUser("taan");
    const agency = await makeRoleUser("agency");
    const checkpost = await makeRoleUser("checkpost");
    const { user: withIt } = await enrolled();
    expect(await mustSetUpTwoFactor(board)).toBe(false);

    await setStaffTwoFactorRequired(board.id, true);
    try {
      expect(await mustSetUpTwoFactor(board)).toBe(true);
      expect(await mustSetUpTwoFactor(taan)).toBe(true);
      expect(await mustSetUpTwoFactor(agency)).toBe(false);
      expect(await mustSetUpTwoFactor(checkpost)).toBe(false);
      expect(await mustSetUpTwoFactor(withIt)).toBe(false);
      expect(await twoFactorStatus(withIt)).toMatchObject({ enabled: true, required: true });
      const refused = await refusal(disableTwoFactor(withIt, withIt.password));
      expect(refused).toMatchObject({ status: 409, message: TWO_FACTOR_MESSAGES.required });
    } finally {
      await setStaffTwoFactorRequired(board.id, false);
    }
    await disableTwoFactor(withIt, withIt.password);
    expect(await twoFactorStatus(withIt)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(await RecoveryCode.count({ where: { userId: withIt.id } })).toBe(0);
  });
});
