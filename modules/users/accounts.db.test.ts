import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { createToken, fingerprintOf } from "@lib/signed-token.server";
import { drainQueue } from "../../jobs/queue.server";
import { latestOutboxMessageTo, listOutbox } from "../../emails/outbox.server";
import { changeOwnPassword, renameUser, setProfilePhoto, profilePhotoKey, WrongPasswordError } from "./account.server";
import { confirmEmailChange, requestEmailChange, SameEmailError } from "./email-change.server";
import { checkResetLink, EXPIRED_RESET_LINK, requestPasswordReset, resetPassword } from "./password-reset.server";
import { registerAccount, UnknownCountryError } from "./registration.server";
import { INVALID_TOKEN, INVALID_USER_ID } from "./schemas/password";
import { createUser, DuplicateEmailError, findUserByEmail, LoginError, verifyLogin, type NewUser } from "./service.server";
import { findAuthUser } from "./signed-in.server";
import { confirmEmail } from "./verification.server";

const ORIGIN = "http://tims.test";
const PASSWORD = "Valid#Pass1";
let seq = 0;
const email = (tag: string) => `${tag}.${++seq}@accounts.test`;
const newUser = (over: Partial<NewUser> = {}): NewUser => ({
  userType: 1,
  email: email("user"),
  password: PASSWORD,
  fullName: "Anna Keller",
  emailVerified: true,
  ...over,
});

/** The link of the newest e-mail to `to`, split into its query values. */
async function mailedLink(to: string, path: string): Promise<URLSearchParams> {
  await drainQueue();
  const mail = await latestOutboxMessageTo(to);
  const match = mail?.text?.match(new RegExp(`${ORIGIN}${path}\\?[^\\s)]+`));
  if (!match) throw new Error(`no ${path} link to ${to}`);
  return new URL(match[0]).searchParams;
}

beforeAll(async () => {
  await prepareTestDatabase();
});

describe("registerAccount", () => {
  const organization = {
    userType: "2" as const,
    organizationName: "Himalayan Trails",
    panNumber: "301234567",
    contactPerson: "Pemba Sherpa",
    contactNo: "9851012345",
    contactAddress: "Thamel",
    password: PASSWORD,
    confirmPassword: PASSWORD,
  };

  it("creates an unverified organisation in Nepal that starts onboarding, and mails the link", async () => {
    const mail = email("org");
    const { id } = await registerAccount({ ...organization, email: mail }, ORIGIN);
    const user = (await findUserByEmail(mail))!;
    expect(user).toMatchObject({ id, userType: 2, countryId: 524, fullName: "Himalayan Trails", panNumber: "301234567" });
    expect(await findAuthUser(id!)).toMatchObject({ emailVerified: false, isDocumentUploaded: false, isVerified: null, isApproved: false });
    const link = await mailedLink(mail, "/verify-email");
    expect(link.get("verify")).toBe(String(id));
    expect(await confirmEmail(link.get("token")!, link.get("verify")!)).toBe("verified");
    expect((await verifyLogin(mail, PASSWORD)).userType).toBe(2);
  });

  it("creates an individual with the chosen country", async () => {
    const mail = email("fit");
    const { id } = await registerAccount(
      { userType: "1", fullName: "Anna Keller", countryId: 276, email: mail, password: PASSWORD, confirmPassword: PASSWORD },
      ORIGIN,
    );
    expect(await findUserByEmail(mail)).toMatchObject({ id, userType: 1, countryId: 276 });
    await expect(verifyLogin(mail, PASSWORD)).rejects.toBeInstanceOf(LoginError);
  });

  it("refuses an unknown country", async () => {
    await expect(
      registerAccount({ userType: "1", fullName: "A B", countryId: 999, email: email("nowhere"), password: PASSWORD, confirmPassword: PASSWORD }, ORIGIN),
    ).rejects.toBeInstanceOf(UnknownCountryError);
  });

  it("answers a taken e-mail as a new one, makes no account and mails the owner instead of a verification link", async () => {
    const taken = email("taken");
    const first = await registerAccount({ ...organization, email: taken }, ORIGIN);
    await drainQueue();
    const before = (await listOutbox()).length;
    const again = await registerAccount(
      { userType: "1", fullName: "Eve Mallory", countryId: 276, email: taken.toUpperCase(), password: "Other#Pass2", confirmPassword: "Other#Pass2" },
      ORIGIN,
    );
    expect(again).toEqual({ id: null, email: taken });
    const owner = (await findUserByEmail(taken))!;
    expect(owner).toMatchObject({ id: first.id, userType: 2, fullName: "Himalayan Trails" });
    // The owner's password is untouched.
    await expect(verifyLogin(taken, "Other#Pass2")).rejects.toMatchObject({ code: "invalid" });
    await drainQueue();
    expect((await listOutbox()).length).toBe(before + 1);
    const mail = (await latestOutboxMessageTo(taken))!;
    expect(mail.subject).toBe("Someone tried to register with your TIMS e-mail address");
    expect(mail.text).toContain(`${ORIGIN}/login`);
    expect(mail.text).toContain(`${ORIGIN}/forgot-password`);
    expect(mail.text).not.toContain("/verify-email");
  });

  it("tells a disabled owner nothing", async () => {
    const user = await createUser(newUser({ email: email("disabled"), status: "Disabled" }));
    await drainQueue();
    const before = (await listOutbox()).length;
    expect(await registerAccount({ ...organization, email: user.email }, ORIGIN)).toEqual({ id: null, email: user.email });
    await drainQueue();
    expect((await listOutbox()).length).toBe(before);
  });

  it("refuses any other user type, even when called directly", async () => {
    const sneaky = { userType: "4", fullName: "X", countryId: 276, email: email("sneaky"), password: PASSWORD, confirmPassword: PASSWORD };
    await expect(registerAccount(sneaky as never, ORIGIN)).rejects.toThrow();
    expect(await findUserByEmail(sneaky.email)).toBeNull();
  });
});

describe("password reset", () => {
  it("mails a link that sets the password once, ends sessions and verifies the address", async () => {
    const user = await createUser(newUser({ email: email("reset"), emailVerified: false }));
    await requestPasswordReset(user.email.toUpperCase(), ORIGIN);
    const link = await mailedLink(user.email, "/create-new-password");
    const [token, verify] = [link.get("token")!, link.get("verify")!];
    expect((await checkResetLink(token, verify)).id).toBe(user.id);
    await resetPassword(token, verify, "Other#Pass2");
    const after = (await findAuthUser(user.id))!;
    expect(after).toMatchObject({ emailVerified: true, sessionVersion: 2 });
    expect((await verifyLogin(user.email, "Other#Pass2")).id).toBe(user.id);
    // Single use: the fingerprint of the old password hash no longer matches.
    await expect(resetPassword(token, verify, "Third#Pass3")).rejects.toMatchObject({ message: INVALID_TOKEN, status: 400 });
  });

  it("sends nothing for an unknown or disabled address", async () => {
    const disabled = await createUser(newUser({ email: email("reset-off"), status: "Disabled" }));
    await drainQueue();
    const before = (await listOutbox()).length;
    await requestPasswordReset("nobody@accounts.test", ORIGIN);
    await requestPasswordReset(disabled.email, ORIGIN);
    await drainQueue();
    expect((await listOutbox()).length).toBe(before);
  });

  it("answers with the spec's texts for broken links", async () => {
    const user = await createUser(newUser({ email: email("reset-bad") }));
    const token = createToken({ purpose: "reset-password", subject: String(user.id), fingerprint: fingerprintOf(user.passwordHash) }, 3600);
    await expect(checkResetLink("", String(user.id))).rejects.toMatchObject({ message: INVALID_TOKEN, status: 400 });
    await expect(checkResetLink(token, "")).rejects.toMatchObject({ message: INVALID_USER_ID, status: 400 });
    await expect(checkResetLink(token, String(user.id + 1000))).rejects.toMatchObject({ message: INVALID_USER_ID, status: 400 });
    await expect(checkResetLink(`${token}x`, String(user.id))).rejects.toMatchObject({ message: INVALID_TOKEN, status: 400 });
    const verifyToken = createToken({ purpose: "verify-email", subject: String(user.id), fingerprint: fingerprintOf(user.passwordHash) }, 3600);
    await expect(checkResetLink(verifyToken, String(user.id))).rejects.toMatchObject({ message: INVALID_TOKEN, status: 400 });
    const old = createToken(
      { purpose: "reset-password", subject: String(user.id), fingerprint: fingerprintOf(user.passwordHash) },
      3600,
      Date.now() - 2 * 3600_000,
    );
    await expect(checkResetLink(old, String(user.id))).rejects.toMatchObject({ message: EXPIRED_RESET_LINK, status: 400 });
  });
});

describe("e-mail change", () => {
  it("changes the address only when the link sent to the new one is followed, once", async () => {
    const user = await createUser(newUser({ email: email("move") }));
    const target = email("moved");
    await requestEmailChange(user.id, target, ORIGIN);
    expect((await findAuthUser(user.id))!.email).toBe(user.email);
    const link = await mailedLink(target, "/verify-changed-email");
    expect(link.get("change")).toBe(target);
    expect(await confirmEmailChange(link.get("token")!, link.get("verify")!, "other@accounts.test")).toBe("invalid");
    expect(await confirmEmailChange(link.get("token")!, link.get("verify")!, target)).toBe("changed");
    expect(await findAuthUser(user.id)).toMatchObject({ email: target, emailVerified: true, sessionVersion: 2 });
    expect(await confirmEmailChange(link.get("token")!, link.get("verify")!, target)).toBe("invalid");
    expect((await verifyLogin(target, PASSWORD)).id).toBe(user.id);
  });

  it("refuses the same address and one taken by another account", async () => {
    const user = await createUser(newUser({ email: email("same") }));
    const other = await createUser(newUser({ email: email("other") }));
    await expect(requestEmailChange(user.id, user.email.toUpperCase(), ORIGIN)).rejects.toBeInstanceOf(SameEmailError);
    await expect(requestEmailChange(user.id, other.email, ORIGIN)).rejects.toBeInstanceOf(DuplicateEmailError);
  });

  it("says taken when the address was registered meanwhile, and expired when late", async () => {
    const user = await createUser(newUser({ email: email("race") }));
    const target = email("race-target");
    await requestEmailChange(user.id, target, ORIGIN);
    const link = await mailedLink(target, "/verify-changed-email");
    await createUser(newUser({ email: target }));
    expect(await confirmEmailChange(link.get("token")!, link.get("verify")!, target)).toBe("taken");
    const late = createToken(
      { purpose: "change-email", subject: String(user.id), fingerprint: fingerprintOf(`${target}\n${user.email}`) },
      60,
      Date.now() - 3600_000,
    );
    expect(await confirmEmailChange(late, String(user.id), target)).toBe("expired");
  });
});

describe("own account", () => {
  it("renames", async () => {
    const user = await createUser(newUser());
    await renameUser(user.id, "Anna Maria Keller");
    expect((await findAuthUser(user.id))!.fullName).toBe("Anna Maria Keller");
  });

  it("changes the password only with the current one, and ends other sessions", async () => {
    const user = await createUser(newUser());
    await expect(changeOwnPassword(user.id, "Wrong#Pass1", "New#Pass22")).rejects.toBeInstanceOf(WrongPasswordError);
    expect(await changeOwnPassword(user.id, PASSWORD, "New#Pass22")).toBe(2);
    expect((await verifyLogin(user.email, "New#Pass22")).sessionVersion).toBe(2);
  });

  it("stores a profile photo and replaces it", async () => {
    const user = await createUser(newUser());
    const png = new Uint8Array(2048);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await setProfilePhoto(user.id, { bytes: png, kind: "png", name: "me.png", size: png.length });
    const first = (await profilePhotoKey(user.id))!.key;
    expect(first).toMatch(/^avatars\/\d{4}-\d{2}\/[a-f0-9]{32}\.png$/);
    await setProfilePhoto(user.id, { bytes: png, kind: "png", name: "me2.png", size: png.length });
    expect((await profilePhotoKey(user.id))!.key).not.toBe(first);
  });
});
