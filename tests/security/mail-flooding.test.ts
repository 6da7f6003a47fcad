// Issue 13, item 4, replayed against the actions: 30 forgot-password and 30 resend-verification
// requests each sent an e-mail, registration had no limit, and /register answered "This email is
// already registered." Limits here: 3 e-mails per recipient and 6 requests per client address an hour.
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.MAIL_LIMIT_PER_RECIPIENT = "3";
  process.env.MAIL_LIMIT_PER_ADDRESS = "6";
});

import { findUserByEmail } from "@modules/users/index.server";
import { prepareTestDatabase } from "../setup/test-db";
import { makeUser, uniqueEmail } from "../factories/users";
import { action as forgotPassword } from "../../app/routes/forgot-password";
import { action as register } from "../../app/routes/register";
import { action as registerSuccess } from "../../app/routes/register-success";
import { action as login } from "../../app/routes/login";
import { formPost, mailsTo, post } from "./support";

const PASSWORD = "Valid#Pass1";
const LIMITED = /Too many e-mails have been requested\. Please wait (59|60) minutes and try again\./;
const individual = (email: string, fullName = "Anna Keller") => ({
  userType: "1",
  fullName,
  countryId: "276",
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
});
let addressSeq = 0;
/** A fresh client address, so each test meets only its own per-address count. */
const freshAddress = () => `198.18.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;

beforeAll(async () => {
  await prepareTestDatabase();
});

describe("forgot-password", () => {
  it("sends a recipient 3 reset e-mails an hour, from whatever addresses; the 4th request gets 429 and a clear message", async () => {
    const user = await makeUser({ password: PASSWORD });
    const statuses: number[] = [];
    let last: unknown;
    for (let i = 0; i < 4; i++) {
      const answer = await post(forgotPassword, formPost("http://localhost/forgot-password", { email: user.email }), freshAddress());
      statuses.push(answer.status);
      last = answer.body;
    }
    expect(statuses).toEqual([302, 302, 302, 429]);
    expect(JSON.stringify(last)).toMatch(LIMITED);
    expect(await mailsTo(user.email)).toHaveLength(3);
  });

  it("answers an address without an account the same way, so the limit reveals nothing", async () => {
    const nobody = uniqueEmail("nobody");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post(forgotPassword, formPost("http://localhost/forgot-password", { email: nobody }), freshAddress())).status);
    expect(statuses).toEqual([302, 302, 302, 429]);
    expect(await mailsTo(nobody)).toHaveLength(0);
  });

  it("lets one client address ask 6 times an hour, whatever the recipients", async () => {
    const address = freshAddress();
    const users = await Promise.all(Array.from({ length: 7 }, () => makeUser({ password: PASSWORD })));
    const statuses: number[] = [];
    for (const u of users) statuses.push((await post(forgotPassword, formPost("http://localhost/forgot-password", { email: u.email }), address)).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 302, 429]);
    expect(await mailsTo(users[6].email)).toHaveLength(0);
  });
});

describe("resend verification", () => {
  it("counts the login page's and the register-success page's resends together per recipient", async () => {
    const email = uniqueEmail("unverified");
    expect((await post(register, formPost("http://localhost/register?type=individual", individual(email)), freshAddress())).status).toBe(302);
    const statuses = [
      (await post(login, formPost("http://localhost/login", { intent: "resend", email }), freshAddress())).status,
      (await post(registerSuccess, formPost("http://localhost/register-success", { email }), freshAddress())).status,
    ];
    const refusedOnLogin = await post(login, formPost("http://localhost/login", { intent: "resend", email }), freshAddress());
    const refusedOnSuccess = await post(registerSuccess, formPost("http://localhost/register-success", { email }), freshAddress());
    expect(statuses).toEqual([302, 302]);
    expect(refusedOnLogin.status).toBe(429);
    expect(JSON.stringify(refusedOnLogin.body)).toMatch(LIMITED);
    expect(refusedOnSuccess.status).toBe(429);
    expect(JSON.stringify(refusedOnSuccess.body)).toMatch(LIMITED);
    // The registration's own e-mail and two resends.
    expect(await mailsTo(email)).toHaveLength(3);
  });
});

describe("register", () => {
  it("answers a taken address exactly as a new one and mails the owner instead", async () => {
    const owner = await makeUser({ password: PASSWORD });
    const fresh = uniqueEmail("fresh");
    const asNew = await post(register, formPost("http://localhost/register?type=individual", individual(fresh)), freshAddress());
    const asTaken = await post(
      register,
      formPost("http://localhost/register?type=individual", individual(owner.email.toUpperCase(), "Eve Mallory")),
      freshAddress(),
    );
    expect(asNew.status).toBe(302);
    expect(asTaken.status).toBe(302);
    expect(asNew.location).toBe(`/register-success?email=${encodeURIComponent(fresh)}`);
    expect(asTaken.location).toBe(`/register-success?email=${encodeURIComponent(owner.email)}`);
    expect(JSON.stringify(asTaken.body)).not.toMatch(/already registered/i);
    const mails = await mailsTo(owner.email);
    expect(mails.map((m) => m.subject)).toEqual(["Someone tried to register with your TIMS e-mail address"]);
    expect((await findUserByEmail(owner.email))!.fullName).toBe("Test User");
  });

  it("counts against the address like any e-mail: a 7th registration from one address is refused and makes no account", async () => {
    const address = freshAddress();
    const emails = Array.from({ length: 7 }, (_, i) => uniqueEmail(`bulk${i}`));
    const statuses: number[] = [];
    for (const email of emails) statuses.push((await post(register, formPost("http://localhost/register?type=individual", individual(email)), address)).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 302, 429]);
    expect(await findUserByEmail(emails[6])).toBeNull();
  });

  it("cannot be used to flood an owner: their 4th notice in the hour is refused", async () => {
    const owner = await makeUser({ password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post(register, formPost("http://localhost/register?type=individual", individual(owner.email)), freshAddress())).status);
    expect(statuses).toEqual([302, 302, 302, 429]);
    expect(await mailsTo(owner.email)).toHaveLength(3);
  });
});
