// Issue 13, item 10, through the real routes: sign-in asks board and TAAN accounts with
// two-factor sign-in for a code on a second page (a plain form), and the board's rule sends staff
// without it to set it up.
import { beforeAll, describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRoleUser, type TestUser } from "../../tests/factories/users";
import { beginTwoFactorEnrolment, confirmTwoFactorEnrolment, findAuthUser, setStaffTwoFactorRequired, TWO_FACTOR_MESSAGES } from "@modules/users/index.server";
import { action as login } from "~/routes/login";
import { action as secondStep, loader as secondStepPage } from "~/routes/login_.two-factor";
import { action as settingsAction, loader as settingsPage } from "~/routes/account-settings.two-factor";
import { requireUser, startSession } from "./guards.server";

const ORIGIN = "http://127.0.0.1:3000";

beforeAll(async () => {
  await prepareTestDatabase();
});

const code = (secret: string, offsetSeconds = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

async function withTwoFactor(role: "ntb" | "taan" = "ntb"): Promise<{ user: TestUser; secret: string; codes: string[] }> {
  const user = await makeRoleUser(role);
  const enrolment = await beginTwoFactorEnrolment({ ...user, email: user.email });
  const codes = await confirmTwoFactorEnrolment(user, { secret: enrolment.secret, token: enrolment.token, code: code(enrolment.secret) });
  return { user, secret: enrolment.secret, codes };
}

function post(path: string, fields: Record<string, string>, cookie = ""): Request {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

const args = (request: Request) => ({ request, params: {}, context: {} });

/** A route's answer, returned or thrown: a Response, or Remix's data() as { status, body }. */
async function answer(run: () => Promise<unknown>): Promise<{ status: number; response: Response | null; body: unknown }> {
  try {
    const out = (await run()) as Response | { init?: { status?: number } | null; data?: unknown } | null;
    if (out instanceof Response) return { status: out.status, response: out, body: null };
    return { status: out?.init?.status ?? 200, response: null, body: out?.data ?? out };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, response: thrown, body: null };
    throw thrown;
  }
}

const cookieOf = (response: Response | null, name: string) =>
  response?.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0] ?? null;

async function passwordStep(user: TestUser, extra: Record<string, string> = {}) {
  const result = await answer(() => login(args(post("/login", { intent: "login", email: user.email, password: user.password, ...extra }))));
  return { ...result, pending: cookieOf(result.response, "__tims_2fa"), session: cookieOf(result.response, "__tims_session") };
}

describe("signing in with two-factor sign-in on", () => {
  it("the password alone gives no session, only the code page; the right code signs in", async () => {
    const { user, secret } = await withTwoFactor();
    const first = await passwordStep(user, { redirectTo: "/users" });
    expect(first.status).toBe(302);
    expect(first.response!.headers.get("Location")).toBe("/login/two-factor?redirectTo=%2Fusers");
    expect(first.session).toBeNull();
    expect(first.pending).toMatch(/^__tims_2fa=.+/);
    expect((await answer(() => secondStepPage(args(new Request(`${ORIGIN}/login/two-factor`, { headers: { Cookie: first.pending! } }))))).status).toBe(200);

    const done = await answer(() => secondStep(args(post("/login/two-factor?redirectTo=%2Fusers", { code: code(secret, 30) }, first.pending!))));
    expect(done.status).toBe(302);
    expect(done.response!.headers.get("Location")).toBe("/users");
    const session = cookieOf(done.response, "__tims_session");
    expect(session).toBeTruthy();
    expect(done.response!.headers.getSetCookie().some((c) => c.startsWith("__tims_2fa=;"))).toBe(true);
    const signedIn = await requireUser(new Request(`${ORIGIN}/users`, { headers: { Cookie: session! } }));
    expect(signedIn.id).toBe(user.id);
  });

  it("a wrong code is refused with a message and no session", async () => {
    const { user, secret } = await withTwoFactor("taan");
    const { pending } = await passwordStep(user);
    const wrong = String((Number(code(secret, 30)) + 1) % 1_000_000).padStart(6, "0");
    const refused = await answer(() => secondStep(args(post("/login/two-factor", { code: wrong }, pending!))));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(TWO_FACTOR_MESSAGES.wrongCode);
    expect(refused.response).toBeNull();
  });

  it("guessing codes waits like guessing passwords: after the free tries the next one is 429, even the right code", async () => {
    const { user, secret } = await withTwoFactor("taan");
    const { pending } = await passwordStep(user);
    const wrong = String((Number(code(secret, 30)) + 7) % 1_000_000).padStart(6, "0");
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await answer(() => secondStep(args(post("/login/two-factor", { code: wrong }, pending!))))).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toContain(429);
    const right = await answer(() => secondStep(args(post("/login/two-factor", { code: code(secret, 30) }, pending!))));
    expect(right.status).toBe(429);
    expect(cookieOf(right.response, "__tims_session")).toBeNull();
  });

  it("a recovery code signs in once only", async () => {
    const { user, codes } = await withTwoFactor();
    const { pending } = await passwordStep(user);
    const once = await answer(() => secondStep(args(post("/login/two-factor", { code: codes[3] }, pending!))));
    expect(once.status).toBe(302);
    expect(cookieOf(once.response, "__tims_session")).toBeTruthy();
    const again = await passwordStep(user);
    const twice = await answer(() => secondStep(args(post("/login/two-factor", { code: codes[3] }, again.pending!))));
    expect(twice.status).toBe(400);
    expect(cookieOf(twice.response, "__tims_session")).toBeNull();
  });

  it("without the password step (no cookie, or a forged one) the code page sends back to sign-in", async () => {
    const { secret } = await withTwoFactor();
    for (const cookie of ["", "__tims_2fa=eyJmb3JnZWQiOjF9.bad"]) {
      const result = await answer(() => secondStep(args(post("/login/two-factor", { code: code(secret, 30) }, cookie))));
      expect(result.status).toBe(302);
      expect(result.response!.headers.get("Location")).toBe("/login");
      expect(cookieOf(result.response, "__tims_session")).toBeNull();
    }
  });

  it("accounts without it sign in with the password as before", async () => {
    const user = await makeRoleUser("ntb");
    const result = await passwordStep(user);
    expect(result.status).toBe(302);
    expect(result.response!.headers.get("Location")).toBe("/dashboard");
    expect(result.session).toBeTruthy();
  });
});

describe("the board requires two-factor sign-in for staff", () => {
  it("staff without it are sent to set it up; the set-up page works; then they go on", async () => {
    const board = await makeRoleUser("ntb");
    const taan = await makeRoleUser("taan");
    const fit = await makeRoleUser("fit");
    const cookieFor = async (u: TestUser) => (await startSession(new Request(`${ORIGIN}/login`), (await findAuthUser(u.id))!, false)).split(";")[0];
    const boardCookie = await cookieFor(board);
    const taanCookie = await cookieFor(taan);

    // The board turns the rule on (as a board user with two-factor sign-in, so it is not sent away itself).
    const { user: admin } = await withTwoFactor();
    const adminCookie = await cookieFor(admin);
    const turnOn = await answer(() => settingsAction(args(post("/account-settings/two-factor", { intent: "policy", requireStaff: "on" }, adminCookie))));
    expect(turnOn.status).toBe(302);
    // TAAN may not change the rule.
    expect((await answer(() => settingsAction(args(post("/account-settings/two-factor", { intent: "policy" }, taanCookie))))).status).toBe(403);

    try {
      const open = (path: string, cookie: string) => answer(() => requireUser(new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } })));
      for (const cookie of [boardCookie, taanCookie]) {
        const sent = await open("/dashboard", cookie);
        expect(sent.status).toBe(302);
        expect(sent.response!.headers.get("Location")).toBe("/account-settings/two-factor");
        expect((await open("/account-settings/two-factor", cookie)).status).toBe(200);
      }
      const fitCookie = await cookieFor(fit);
      expect((await open("/new-register", fitCookie)).status).toBe(200);

      // The board member sets it up on that page and goes on.
      const page = (await answer(() => settingsPage(args(new Request(`${ORIGIN}/account-settings/two-factor`, { headers: { Cookie: boardCookie } })))))
        .body as {
        status: { required: boolean };
        enrolment: { secret: string; token: string };
      };
      expect(page.status.required).toBe(true);
      const enabled = await answer(() =>
        settingsAction(
          args(
            post(
              "/account-settings/two-factor",
              { intent: "enable", secret: page.enrolment.secret, token: page.enrolment.token, code: code(page.enrolment.secret) },
              boardCookie,
            ),
          ),
        ),
      );
      expect(enabled.status).toBe(200);
      expect((enabled.body as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
      expect((await open("/dashboard", boardCookie)).status).toBe(200);
      expect((await open("/dashboard", taanCookie)).status).toBe(302);
    } finally {
      await setStaffTwoFactorRequired(admin.id, false);
    }
  });
});
