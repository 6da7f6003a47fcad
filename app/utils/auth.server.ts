import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyLogin, LoginError, type AuthUser } from "@modules/users/service.server";
import { config } from "./config.server";
import { clientAddress, getLoginLimiter } from "./rate-limit.server";

/** remix-auth's form strategy; the session itself is ours (session.server.ts). */
export const authenticator = new Authenticator<AuthUser>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    return verifyLogin(email, password);
  }),
  "form",
);

export class RateLimitError extends Error {
  constructor(minutes: number) {
    super(`Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`);
  }
}

function limiterKeys(request: Request, email: string): string[] {
  const keys = [`email:${email.trim().toLowerCase()}`];
  const ip = clientAddress(request);
  if (ip) keys.push(`ip:${ip}`);
  return keys;
}

/**
 * Signs in with the form in `request`. Failed attempts are counted per e-mail address and per
 * client address; past the limit nothing is checked until the window ends.
 */
export async function signIn(request: Request, email: string): Promise<AuthUser> {
  const limiter = getLoginLimiter();
  const keys = limiterKeys(request, email);
  const counts = await Promise.all(keys.map((k) => limiter.count(k)));
  if (counts.some((c) => c >= config.loginMaxFailures)) {
    throw new RateLimitError(Math.ceil(config.loginWindowSeconds / 60));
  }
  try {
    const user = await authenticator.authenticate("form", request);
    await limiter.reset(keys[0]);
    return user;
  } catch (error) {
    if (error instanceof LoginError && error.code === "invalid") await Promise.all(keys.map((k) => limiter.hit(k)));
    throw error;
  }
}
