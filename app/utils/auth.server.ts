import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyLogin, LoginError, signInThrottle, type AuthUser } from "@modules/users/index.server";

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

/**
 * Signs in with the form in `request`, throttled by (e-mail, client address) and by address
 * (modules/users/throttles.server.ts): a refused attempt throws TooManySignInsError (429) before
 * the password is looked at. A right password ends the pair's wait, whatever the account's state.
 */
export async function signIn(request: Request, email: string, address: string): Promise<AuthUser> {
  const attempt = await signInThrottle().begin(email, address);
  try {
    const user = await authenticator.authenticate("form", request);
    await attempt.passed();
    return user;
  } catch (error) {
    if (error instanceof LoginError && error.code !== "invalid") await attempt.passed();
    throw error;
  }
}
