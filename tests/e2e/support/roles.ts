// One signed-in-able user of each of the five roles, made through the shared factories.
import { makeRoleUser, ROLES, type RoleName, type TestUser } from "../../factories/users";
import { uniqueEmail } from "./data";

export { ROLES, type RoleName };
export const ROLE_NAMES = Object.keys(ROLES) as RoleName[];

/** A user of `role` who can use the app at once (an agency past onboarding, a verified e-mail). */
export function makeActiveUser(role: RoleName): Promise<TestUser> {
  const agency = role === "agency" ? { organizationName: "Role Test Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } : {};
  return makeRoleUser(role, { email: uniqueEmail(`role-${role}`), countryId: 524, ...agency });
}

export async function makeActiveUsers(): Promise<Record<RoleName, TestUser>> {
  const entries = await Promise.all(ROLE_NAMES.map(async (r) => [r, await makeActiveUser(r)] as const));
  return Object.fromEntries(entries) as Record<RoleName, TestUser>;
}
