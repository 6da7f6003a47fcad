import { createCookie } from "@remix-run/node";
import { config } from "@lib/config.server";

/**
 * Between the password and the code of a two-factor sign-in, the browser holds only a signed,
 * five-minute token that says "password checked" (modules/users/two-factor.server.ts); no session
 * exists until the code is right. The cookie goes only to /login paths.
 */
const pendingCookie = createCookie("__tims_2fa", { httpOnly: true, sameSite: "lax", path: "/login", maxAge: 5 * 60 });

const secure = (request: Request) => config.mode === "deployment" || new URL(request.url).protocol === "https:";

export function pendingSignInCookie(request: Request, token: string): Promise<string> {
  return pendingCookie.serialize(token, { secure: secure(request) });
}

export async function readPendingSignIn(request: Request): Promise<string | null> {
  const value = await pendingCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

export function clearPendingSignIn(request: Request): Promise<string> {
  return pendingCookie.serialize("", { maxAge: 0, expires: new Date(0), secure: secure(request) });
}
