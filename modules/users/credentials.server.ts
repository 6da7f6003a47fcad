import { User } from "./models/user.server";
import { hashPassword } from "./password.server";
import { assertUncommonPassword } from "./common-passwords.server";
import { DomainError } from "@lib/errors";

/** Raised when an action would change or delete the acting user's own account (spec 1 §6): 403. */
export class SelfActionError extends DomainError {
  constructor() {
    super("You cannot change your own status or delete your own account.", { status: 403 });
  }
}

/** No such account: 404. */
export class UserNotFoundError extends DomainError {
  constructor() {
    super("User not found", { status: 404 });
  }
}

export async function loadUser(id: number): Promise<User> {
  const user = Number.isSafeInteger(id) && id > 0 ? await User.findByPk(id) : null;
  if (!user) throw new UserNotFoundError();
  return user;
}

/**
 * Every password change ends the account's sessions: the session cookie carries the version,
 * and the guard refuses a stale one. Returns the new version so the caller can keep its own.
 * One of the most common passwords is refused under `field` (a 400 DomainError).
 */
export async function storePassword(user: User, password: string, extra: Partial<Pick<User, "emailVerified">> = {}, field = "password"): Promise<number> {
  await assertUncommonPassword(password, field);
  const sessionVersion = user.sessionVersion + 1;
  await user.update({ passwordHash: await hashPassword(password), sessionVersion, ...extra });
  return sessionVersion;
}
