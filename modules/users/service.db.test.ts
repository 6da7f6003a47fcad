import { describe, it, expect, beforeAll } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import {
  DuplicateEmailError,
  LOGIN_MESSAGES,
  LoginError,
  countUsers,
  createUser,
  findUserByEmail,
  grantPermission,
  verifyLogin,
  type LoginFailure,
  type NewUser,
} from "./service.server";
import { verifyPassword } from "./password.server";
import { findAuthUser } from "./signed-in.server";
import { User } from "./models/user.server";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo.server";
import { confirmEmail, resendVerification, sendVerificationEmail } from "./verification.server";
import { can } from "../permissions";
import { landingPath } from "./landing";
import { seedDemo } from "../../db/seed.server";
import { createToken, fingerprintOf } from "@lib/signed-token.server";
import { drainQueue } from "../../jobs/queue.server";
import { latestOutboxMessageTo, listOutbox } from "../../emails/outbox.server";

const PASSWORD = "Valid#Pass1";
let seq = 0;
const email = (tag: string) => `${tag}.${++seq}@example.test`;

function newUser(over: Partial<NewUser> = {}): NewUser {
  return { userType: 1, email: email("user"), password: PASSWORD, fullName: "Anna Keller", emailVerified: true, ...over };
}

async function loginFailure(mail: string, password: string): Promise<LoginFailure> {
  try {
    await verifyLogin(mail, password);
  } catch (error) {
    expect(error).toBeInstanceOf(LoginError);
    const code = (error as LoginError).code;
    expect((error as LoginError).message).toBe(LOGIN_MESSAGES[code]);
    return code;
  }
  throw new Error(`expected ${mail} to be refused`);
}

beforeAll(async () => {
  await prepareTestDatabase();
});

describe("createUser", () => {
  it("stores a scrypt hash, never the password", async () => {
    const user = await createUser(newUser());
    const stored = await User.findByPk(user.id);
    expect(stored!.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored!.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, stored!.passwordHash)).toBe(true);
    expect(await verifyPassword("Valid#Pass2", stored!.passwordHash)).toBe(false);
  });

  it("salts each hash", async () => {
    const a = await createUser(newUser());
    const b = await createUser(newUser());
    expect(a.passwordHash).not.toBe(b.passwordHash);
  });

  it("stores the e-mail trimmed and lower-cased", async () => {
    const user = await createUser(newUser({ email: "  Mixed.Case@Example.TEST " }));
    expect(user.email).toBe("mixed.case@example.test");
    expect((await findUserByEmail("MIXED.case@example.test"))?.id).toBe(user.id);
  });

  it("refuses a duplicate e-mail, whatever its case", async () => {
    await createUser(newUser({ email: "dup@example.test" }));
    const before = await countUsers();
    await expect(createUser(newUser({ email: "dup@example.test" }))).rejects.toBeInstanceOf(DuplicateEmailError);
    await expect(createUser(newUser({ email: " DUP@Example.Test " }))).rejects.toBeInstanceOf(DuplicateEmailError);
    await expect(createUser(newUser({ email: "Dup@example.test" }))).rejects.toThrow("This email is already registered.");
    expect(await countUsers()).toBe(before);
  });

  it("defaults a new account to active, unverified, without documents", async () => {
    const user = await createUser({ userType: 2, email: email("agency"), password: PASSWORD, fullName: "New Agency" });
    const auth = await findAuthUser(user.id);
    expect(auth).toMatchObject({
      status: "Active",
      emailVerified: false,
      isDocumentUploaded: false,
      isVerified: null,
      isApproved: false,
      sessionVersion: 1,
      grants: [],
    });
  });
});

describe("verifyLogin", () => {
  it("signs in a verified, active user and returns their grants", async () => {
    const mail = email("ok");
    const created = await createUser(newUser({ email: mail, userType: 4, fullName: "Board User" }));
    await grantPermission(created.id, "changeUserPassword");
    const auth = await verifyLogin(mail, PASSWORD);
    expect(auth).toMatchObject({ id: created.id, userType: 4, email: mail, fullName: "Board User", status: "Active", emailVerified: true });
    expect(auth.grants).toEqual(["changeUserPassword"]);
    expect(auth).not.toHaveProperty("passwordHash");
    expect(can(auth, "changeUserPassword")).toBe(true);
    expect(can(auth, "generateCard")).toBe(false);
  });

  it("accepts the e-mail in any case and with spaces", async () => {
    const mail = email("case");
    await createUser(newUser({ email: mail }));
    expect((await verifyLogin(`  ${mail.toUpperCase()} `, PASSWORD)).email).toBe(mail);
  });

  it("refuses a wrong password as invalid", async () => {
    const mail = email("wrong");
    await createUser(newUser({ email: mail }));
    expect(await loginFailure(mail, "Valid#Pass2")).toBe("invalid");
    expect(await loginFailure(mail, "")).toBe("invalid");
    expect(await loginFailure(mail, PASSWORD.toLowerCase())).toBe("invalid");
  });

  it("refuses an unknown e-mail as invalid", async () => {
    expect(await loginFailure("nobody@example.test", PASSWORD)).toBe("invalid");
  });

  it("says unverified only to someone who knows the password", async () => {
    const mail = email("unverified");
    await createUser(newUser({ email: mail, emailVerified: false }));
    expect(await loginFailure(mail, PASSWORD)).toBe("unverified");
    expect(await loginFailure(mail, "Wrong#Pass1")).toBe("invalid");
  });

  it("says disabled only to someone who knows the password", async () => {
    const mail = email("disabled");
    await createUser(newUser({ email: mail, status: "Disabled" }));
    expect(await loginFailure(mail, PASSWORD)).toBe("disabled");
    expect(await loginFailure(mail, "Wrong#Pass1")).toBe("invalid");
  });

  it("reports a disabled, unverified account as disabled", async () => {
    const mail = email("both");
    await createUser(newUser({ email: mail, status: "Disabled", emailVerified: false }));
    expect(await loginFailure(mail, PASSWORD)).toBe("disabled");
  });
});

describe("grantPermission and findAuthUser", () => {
  it("grants once however often it is called", async () => {
    const user = await createUser(newUser());
    await grantPermission(user.id, "generateCard");
    await grantPermission(user.id, "generateCard");
    await grantPermission(user.id, "changeUserPassword");
    expect((await findAuthUser(user.id))!.grants.sort()).toEqual(["changeUserPassword", "generateCard"]);
  });

  it("refuses to grant a permission that roles hold", async () => {
    const user = await createUser(newUser());
    await expect(grantPermission(user.id, "dashboard")).rejects.toThrow(/held by role/);
    expect((await findAuthUser(user.id))!.grants).toEqual([]);
  });

  it("returns null for an unknown id", async () => {
    expect(await findAuthUser(987654)).toBeNull();
  });

  it("maps the onboarding flags to booleans and null", async () => {
    const rejected = await createUser(newUser({ userType: 2, isDocumentUploaded: true, isVerified: false }));
    const waiting = await createUser(newUser({ userType: 2, isDocumentUploaded: true, isVerified: null }));
    const a = (await findAuthUser(rejected.id))!;
    const b = (await findAuthUser(waiting.id))!;
    expect([a.isDocumentUploaded, a.isVerified, a.isApproved]).toEqual([true, false, false]);
    expect([b.isDocumentUploaded, b.isVerified, b.isApproved]).toEqual([true, null, false]);
    expect(landingPath(a)).toBe("/upload-documents-status/rejected");
    expect(landingPath(b)).toBe("/upload-documents-status/sent");
  });

  it("counts users", async () => {
    const before = await countUsers();
    await createUser(newUser());
    expect(await countUsers()).toBe(before + 1);
  });
});

describe("demo users", () => {
  beforeAll(async () => {
    await seedDemo();
  });

  it.each(DEMO_USERS.map((u) => [u.email, u.userType] as const))("%s signs in with the demo password", async (mail, userType) => {
    const auth = await verifyLogin(mail, DEMO_PASSWORD);
    expect(auth.userType).toBe(userType);
    expect(auth.status).toBe("Active");
  });

  it("covers every role", () => {
    expect([...new Set(DEMO_USERS.map((u) => u.userType))].sort()).toEqual([1, 2, 4, 5, 6]);
  });

  it("gives ntb@tims.test the changeUserPassword grant, and nobody else", async () => {
    const ntb = await verifyLogin("ntb@tims.test", DEMO_PASSWORD);
    expect(ntb.grants).toContain("changeUserPassword");
    expect(can(ntb, "changeUserPassword")).toBe(true);
    for (const other of DEMO_USERS.filter((u) => u.email !== "ntb@tims.test")) {
      const auth = await verifyLogin(other.email, DEMO_PASSWORD);
      expect(can(auth, "changeUserPassword"), other.email).toBe(false);
    }
  });

  it("lands each demo user where spec 1 §2.2 says", async () => {
    const where = async (mail: string) => landingPath(await verifyLogin(mail, DEMO_PASSWORD));
    expect(await where("ntb@tims.test")).toBe("/dashboard");
    expect(await where("taan@tims.test")).toBe("/dashboard");
    expect(await where("agency@tims.test")).toBe("/new-register");
    expect(await where("agency.new@tims.test")).toBe("/upload-documents");
    expect(await where("fit@tims.test")).toBe("/new-register");
    expect(await where("checkpost@tims.test")).toBe("/new-register");
  });

  it("seeding again adds nothing", async () => {
    const before = await countUsers();
    await seedDemo();
    expect(await countUsers()).toBe(before);
    expect((await verifyLogin("ntb@tims.test", DEMO_PASSWORD)).grants.sort()).toEqual(["changeUserPassword", "generateCard"]);
  });
});

describe("e-mail verification", () => {
  const ORIGIN = "http://tims.example";

  /** Sends the verification e-mail and returns the link's token and user id. */
  async function sendAndReadLink(user: User): Promise<{ link: URL; token: string; verify: string }> {
    await sendVerificationEmail(user, ORIGIN);
    await drainQueue();
    const message = await latestOutboxMessageTo(user.email);
    expect(message, `no e-mail to ${user.email}`).not.toBeNull();
    expect(message!.subject).toBe("Verify your TIMS e-mail address");
    // The text part shows links as "Label (url)" or bare; a url never contains a space or ")".
    const match = message!.text?.match(/https?:\/\/[^\s()]+\/verify-email\?[^\s()]+/);
    expect(match, message!.text ?? "").not.toBeNull();
    const link = new URL(match![0]);
    expect(link.origin).toBe(ORIGIN);
    expect(link.pathname).toBe("/verify-email");
    // The HTML part carries the same link.
    expect(message!.html).toContain(`${ORIGIN}/verify-email?token=`);
    return { link, token: link.searchParams.get("token")!, verify: link.searchParams.get("verify")! };
  }

  it("e-mails a link that verifies the account", async () => {
    const user = await createUser(newUser({ email: email("verify"), emailVerified: false }));
    expect(await loginFailure(user.email, PASSWORD)).toBe("unverified");
    const { token, verify } = await sendAndReadLink(user);
    expect(verify).toBe(String(user.id));
    expect(await confirmEmail(token, verify)).toBe("verified");
    expect((await findAuthUser(user.id))!.emailVerified).toBe(true);
    expect((await verifyLogin(user.email, PASSWORD)).id).toBe(user.id);
    // Following the link again is harmless.
    expect(await confirmEmail(token, verify)).toBe("verified");
  });

  it("refuses the token with another user's id", async () => {
    const user = await createUser(newUser({ email: email("victim"), emailVerified: false }));
    const other = await createUser(newUser({ email: email("other"), emailVerified: false }));
    const { token } = await sendAndReadLink(user);
    expect(await confirmEmail(token, String(other.id))).toBe("invalid");
    expect(await confirmEmail(token, "")).toBe("invalid");
    expect((await findAuthUser(other.id))!.emailVerified).toBe(false);
    expect((await findAuthUser(user.id))!.emailVerified).toBe(false);
  });

  it("refuses a tampered token", async () => {
    const user = await createUser(newUser({ email: email("tamper"), emailVerified: false }));
    const { token, verify } = await sendAndReadLink(user);
    const [body, sig] = token.split(".");
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    expect(await confirmEmail(`${body}.${flip(sig)}`, verify)).toBe("invalid");
    expect(await confirmEmail(`${flip(body)}.${sig}`, verify)).toBe("invalid");
    expect(await confirmEmail("garbage", verify)).toBe("invalid");
    expect((await findAuthUser(user.id))!.emailVerified).toBe(false);
  });

  it("refuses a link sent before the address changed", async () => {
    const user = await createUser(newUser({ email: email("moved"), emailVerified: false }));
    const { token, verify } = await sendAndReadLink(user);
    await User.update({ email: email("moved-new") }, { where: { id: user.id } });
    expect(await confirmEmail(token, verify)).toBe("invalid");
    expect((await findAuthUser(user.id))!.emailVerified).toBe(false);
  });

  it("says expired for an out-of-date link", async () => {
    const user = await createUser(newUser({ email: email("late"), emailVerified: false }));
    const dayAndABit = 25 * 3600 * 1000;
    const token = createToken(
      { purpose: "verify-email", subject: String(user.id), fingerprint: fingerprintOf(user.email) },
      24 * 3600,
      Date.now() - dayAndABit,
    );
    expect(await confirmEmail(token, String(user.id))).toBe("expired");
    expect((await findAuthUser(user.id))!.emailVerified).toBe(false);
  });

  it("refuses a token made for another purpose", async () => {
    const user = await createUser(newUser({ email: email("purpose"), emailVerified: false }));
    const token = createToken({ purpose: "reset-password", subject: String(user.id), fingerprint: fingerprintOf(user.email) }, 3600);
    expect(await confirmEmail(token, String(user.id))).toBe("invalid");
  });

  it("resends only to an unverified, active account", async () => {
    const unverified = await createUser(newUser({ email: email("resend"), emailVerified: false }));
    const verified = await createUser(newUser({ email: email("resend-verified") }));
    const disabled = await createUser(newUser({ email: email("resend-disabled"), emailVerified: false, status: "Disabled" }));
    const before = (await listOutbox()).length;
    await resendVerification(verified.email, ORIGIN);
    await resendVerification(disabled.email, ORIGIN);
    await resendVerification("nobody@example.test", ORIGIN);
    await drainQueue();
    expect((await listOutbox()).length).toBe(before);
    await resendVerification(unverified.email.toUpperCase(), ORIGIN);
    await drainQueue();
    expect((await listOutbox()).length).toBe(before + 1);
    expect((await latestOutboxMessageTo(unverified.email))?.to).toContain(unverified.email);
  });
});
