// Server-side sessions replayed through the real loaders and actions: a cookie copied before
// sign-out, a password change, a disabled account, "Sign out other sessions" and expiry.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRoleUser, type TestUser } from "../../tests/factories/users";
import { deleteSession, disableUser, findAuthUser, readSession } from "@modules/users/index.server";
import { loader as accountSettings } from "~/routes/account-settings";
import { action as changePassword } from "~/routes/account-settings.password";
import { action as signOutOthers } from "~/routes/account-settings.sessions";
import { action as logout } from "~/routes/logout";
import { startSession } from "./guards.server";

const ORIGIN = "http://127.0.0.1:3000";
const FIREFOX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

beforeAll(async () => {
  await prepareTestDatabase();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The `name=value` of the session cookie a sign-in sets (what a browser would keep and send). */
async function signIn(user: TestUser, userAgent = FIREFOX, url = `${ORIGIN}/login`): Promise<string> {
  const setCookie = await startSession(new Request(url, { headers: { "User-Agent": userAgent } }), (await findAuthUser(user.id))!, false);
  return setCookie.split(";")[0];
}

/** The token inside a signed session cookie: Remix's base64 JSON value, then ".signature". */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8"));
}

function request(path: string, cookie: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  return new Request(`${ORIGIN}${path}`, { ...init, headers });
}

/** A loader's or action's answer, thrown or returned. */
async function answer(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const args = (req: Request) => ({ request: req, params: {}, context: {} });

async function openSettings(cookie: string) {
  return answer(() => accountSettings(args(request("/account-settings", cookie))));
}

function expectSignInPage(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccount-settings");
}

function sessionCookieOf(response: Response): string {
  const set = response.headers.getSetCookie().find((c) => c.startsWith("__tims_session="));
  expect(set).toBeDefined();
  return set!.split(";")[0];
}

describe("the session cookie", () => {
  it("holds only a random token, not the user or the session's data", async () => {
    const user = await makeRoleUser("fit");
    const cookie = await signIn(user);
    const token = tokenOf(cookie);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The whole signed payload is that one string: no user id, version or times ride along.
    expect(typeof token).toBe("string");
    expect(await readSession(token)).toMatchObject({ userId: user.id });
  });

  it("is Secure on https and not on plain http in the embedded mode", async () => {
    const user = await findAuthUser((await makeRoleUser("fit")).id);
    const https = await startSession(new Request("https://tims.example/login"), user!, false);
    const http = await startSession(new Request("http://127.0.0.1:3000/login"), user!, false);
    expect(https).toMatch(/; Secure/);
    expect(http).not.toMatch(/; Secure/);
    expect(https).toMatch(/HttpOnly/);
    expect(https).toMatch(/SameSite=Lax/);
  });

  it("is Secure in a deployment even behind plain http", async () => {
    vi.stubEnv("TIMS_MODE", "deployment");
    vi.resetModules();
    try {
      const deployed = await import("./session.server");
      expect(deployed.secureCookie(new Request("http://10.0.0.5:3000/login"))).toBe(true);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it("a sign-in never keeps a token the browser already had", async () => {
    const user = await makeRoleUser("fit");
    const before = await signIn(user);
    const after = (await startSession(request("/login", before), (await findAuthUser(user.id))!, false)).split(";")[0];
    expect(tokenOf(after)).not.toBe(tokenOf(before));
    expect(await readSession(tokenOf(before))).toBeNull();
  });
});

describe("ending sessions on the server", () => {
  it("a cookie copied before sign-out gets the sign-in page after it", async () => {
    const user = await makeRoleUser("taan");
    const cookie = await signIn(user);
    const copied = cookie;
    expect(await openSettings(cookie)).toMatchObject({ email: user.email });

    const out = (await logout(args(request("/logout", cookie, { method: "POST" })))) as Response;
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/login");
    expect(out.headers.getSetCookie().some((c) => c.startsWith("__tims_session=;") && /Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);

    expectSignInPage(await openSettings(copied));
    expect(await readSession(tokenOf(copied))).toBeNull();
  });

  it("a password change ends the other sessions and this browser goes on", async () => {
    const user = await makeRoleUser("fit");
    const here = await signIn(user);
    const elsewhere = await signIn(user, PHONE);
    const form = new URLSearchParams({ currentPassword: user.password, newPassword: "Kathmandu#Trek7", confirmPassword: "Kathmandu#Trek7" });
    const response = (await answer(() =>
      changePassword(
        args(request("/account-settings/password", here, { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } })),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    const renewed = sessionCookieOf(response);
    expect(tokenOf(renewed)).not.toBe(tokenOf(here));

    expectSignInPage(await openSettings(elsewhere));
    expectSignInPage(await openSettings(here));
    const settings = (await openSettings(renewed)) as { sessions: { device: string; current: boolean }[] };
    expect(settings.sessions).toEqual([expect.objectContaining({ device: "Firefox on Linux", current: true })]);
  });

  it("disabling an account ends its sessions", async () => {
    const board = await makeRoleUser("ntb");
    const user = await makeRoleUser("agency");
    const cookie = await signIn(user);
    expect(await openSettings(cookie)).not.toBeInstanceOf(Response);
    await disableUser(board.id, user.id, "Licence lapsed");
    expectSignInPage(await openSettings(cookie));
    expect(await readSession(tokenOf(cookie))).toBeNull();
  });

  it("account settings lists the sessions; sign out other sessions ends them and keeps this one", async () => {
    const user = await makeRoleUser("ntb");
    const here = await signIn(user);
    const phone = await signIn(user, PHONE);
    const laptop = await signIn(user, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36");
    const listed = (await openSettings(here)) as { sessions: { device: string; current: boolean; lastSeen: number }[] };
    expect(listed.sessions.map((s) => s.device).sort()).toEqual(["Chrome on Android", "Chrome on Windows", "Firefox on Linux"]);
    expect(listed.sessions.filter((s) => s.current).map((s) => s.device)).toEqual(["Firefox on Linux"]);
    expect(listed.sessions.every((s) => Math.abs(Date.now() - s.lastSeen) < 60_000)).toBe(true);

    const response = (await signOutOthers(args(request("/account-settings/sessions", here, { method: "POST" })))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account-settings");

    expectSignInPage(await openSettings(phone));
    expectSignInPage(await openSettings(laptop));
    const after = (await openSettings(here)) as { sessions: { current: boolean }[] };
    expect(after.sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it("an idle-expired session is deleted when it is next presented", async () => {
    const user = await makeRoleUser("fit");
    const cookie = await signIn(user);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    const result = (await openSettings(cookie)) as Response;
    expectSignInPage(result);
    expect(result.headers.getSetCookie().some((c) => c.startsWith("__tims_toast="))).toBe(true);
    vi.useRealTimers();
    expect(await readSession(tokenOf(cookie))).toBeNull();
  });

  it("a session swept away after it expired (another user's sign-in sweeps them) still says it expired", async () => {
    const user = await makeRoleUser("fit");
    const cookie = await signIn(user);
    await deleteSession(tokenOf(cookie));
    const result = (await openSettings(cookie)) as Response;
    expectSignInPage(result);
    expect(result.headers.getSetCookie().some((c) => c.startsWith("__tims_toast="))).toBe(true);
  });
});
