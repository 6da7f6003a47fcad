// Users for tests, made through the users module's public entry. Works in Vitest and in the
// Playwright process (which shares the e2e server's database).
import "../setup/compose";
import crypto from "node:crypto";
import { createUser, grantPermission, type NewUser } from "@modules/users/index.server";

export const TEST_PASSWORD = "Trek@2026";

/** The five roles (modules/contract.ts): FIT 1, agency 2, board (NTB) 4, checkpost 5, TAAN 6. */
export const ROLES = { fit: 1, agency: 2, ntb: 4, checkpost: 5, taan: 6 } as const;
export type RoleName = keyof typeof ROLES;

/** What services take as the acting user. */
export interface Actor {
  id: number;
  userType: number;
  grants: string[];
}

export interface TestUser extends Actor {
  email: string;
  password: string;
}

export function uniqueEmail(prefix = "user", domain = "t.test"): string {
  return `${prefix}.${crypto.randomBytes(4).toString("hex")}@${domain}`;
}

type Grant = Parameters<typeof grantPermission>[1];

/** A verified, active user (FIT unless `userType` says otherwise), with optional granted permissions. */
export async function makeUser(over: Partial<NewUser> & { grants?: Grant[] } = {}): Promise<TestUser> {
  const { grants = [], ...fields } = over;
  const password = fields.password ?? TEST_PASSWORD;
  const user = await createUser({
    userType: 1,
    email: uniqueEmail(),
    fullName: "Test User",
    emailVerified: true,
    ...fields,
    password,
  });
  for (const g of grants) await retryBusy(() => grantPermission(user.id, g));
  return { id: user.id, email: user.email, password, userType: fields.userType ?? 1, grants: [...grants] };
}

/** A user of a role by name. */
export const makeRoleUser = (role: RoleName, over: Partial<NewUser> & { grants?: Grant[] } = {}) =>
  makeUser({ userType: ROLES[role], fullName: `Test ${role}`, ...over });

/**
 * findOrCreate upgrades a read transaction to a write; with the e2e server writing the same SQLite
 * file, that upgrade can fail at once with SQLITE_BUSY instead of waiting. Tests retry it.
 */
async function retryBusy<T>(work: () => Promise<T>, attempts = 10): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (error) {
      if (i >= attempts || !/SQLITE_BUSY/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 50 * i));
    }
  }
}
