// Signs a test in by setting the session cookie the app itself would set after the login form,
// built here in the test process by the app's own startSession (playwright.config.ts
// gives this process and the server the same SESSION_SECRET). startSession also writes the
// session's server-side row into the database this process shares with the e2e server (the
// SQLite file in DATA_DIR), so the server knows the token. No login page, no extra route.
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { devices, request as playwrightRequest } from "@playwright/test";
import { findAuthUser, findUserByEmail } from "@modules/users/index.server";
import { startSession } from "~/utils/guards.server";

export type Who = string | { email: string };

/** The `name=value` of a fresh, active session cookie for the user with this e-mail. */
export async function sessionCookie(who: Who): Promise<{ name: string; value: string }> {
  const email = typeof who === "string" ? who : who.email;
  const found = await findUserByEmail(email);
  const user = found && (await findAuthUser(found.id));
  if (!user) throw new Error(`No user ${email} to sign in as`);
  // The login action's own session start, so the cookie is the one a form sign-in would set.
  // The browser the tests run (the project's Desktop Chrome), as Account Settings lists it.
  const login = new Request("http://127.0.0.1/login", { headers: { "User-Agent": devices["Desktop Chrome"].userAgent } });
  const [pair] = (await startSession(login, user, false)).split(";");
  const at = pair.indexOf("=");
  return { name: pair.slice(0, at), value: pair.slice(at + 1) };
}

/** Both app servers (main and short-idle) listen on 127.0.0.1; cookies are not scoped by port. */
const cookieFor = (name: string, value: string) => ({
  name,
  value,
  domain: "127.0.0.1",
  path: "/",
  expires: -1,
  httpOnly: true,
  secure: false,
  sameSite: "Lax" as const,
});

/**
 * Signs the page's (or context's) browser context in as `who`. It navigates nowhere unless `land`
 * is set: then the page opens "/", which sends each role to its landing page as the login form does.
 */
export async function signInAs(target: Page | BrowserContext, who: Who, opts: { land?: boolean } = {}): Promise<void> {
  const context = "context" in target ? target.context() : target;
  const { name, value } = await sessionCookie(who);
  await context.addCookies([cookieFor(name, value)]);
  if (opts.land && "goto" in target) await target.goto("/");
}

/** An API request context signed in as `who` (or anonymous with `null`), for page-less tests. */
export async function requestAs(baseURL: string, who: Who | null): Promise<APIRequestContext> {
  const cookies = who ? [cookieFor(...(Object.values(await sessionCookie(who)) as [string, string]))] : [];
  return playwrightRequest.newContext({ baseURL, storageState: { cookies, origins: [] } });
}
