import { User } from "./models/user.server";
import { hashPassword } from "./password.server";

/** Raised when an action would change or delete the acting user's own account (spec 1 §6). */
export class SelfActionError extends Error {
  constructor() {
    super("You cannot change your own status or delete your own account.");
  }
}

export class UserNotFoundError extends Error {
  constructor() {
    super("User not found");
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
 */
export async function storePassword(user: User, password: string, extra: Partial<Pick<User, "emailVerified">> = {}): Promise<number> {
  const sessionVersion = user.sessionVersion + 1;
  await user.update({ passwordHash: await hashPassword(password), sessionVersion, ...extra });
  return sessionVersion;
}
